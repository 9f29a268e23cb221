import { parseMentions } from '@kindred/contracts';
import { describe, expect, it } from 'vitest';
import { findMentionTrigger, insertMention, splitMentions } from './mentions';

const ALICE = {
  _id: '22222222-2222-4222-8222-222222222222',
  firstName: 'Alice',
  lastName: 'Archer',
};

describe('spotting a mention being typed', () => {
  it('finds "@" and the name typed after it, up to the caret', () => {
    expect(findMentionTrigger('Thanks @Ali', 11)).toEqual({ start: 7, query: 'Ali' });
    expect(findMentionTrigger('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionTrigger('Hi @Alice Ar', 12)).toEqual({ start: 3, query: 'Alice Ar' });
  });

  it('only looks before the caret', () => {
    expect(findMentionTrigger('@Ali and more', 4)).toEqual({ start: 0, query: 'Ali' });
    expect(findMentionTrigger('@Ali and more', 0)).toBeNull();
  });

  it('ignores an "@" inside a word (an email address)', () => {
    expect(findMentionTrigger('mail me at ada@example', 22)).toBeNull();
  });

  it('ignores a finished mention token, a new line or a double space after "@"', () => {
    const text = `@[Alice Archer](${ALICE._id}) `;
    expect(findMentionTrigger(text, text.length)).toBeNull();
    expect(findMentionTrigger('@Ali\nce', 8)).toBeNull();
    expect(findMentionTrigger('@Ali  ce', 8)).toBeNull();
    expect(findMentionTrigger('@ Ali', 5)).toBeNull();
  });
});

describe('inserting a picked member', () => {
  it('replaces "@query" with the spec format @[Name](id) and a space, caret after it', () => {
    const text = 'Thanks @Ali';
    const result = insertMention(text, { start: 7 }, text.length, ALICE);
    expect(result.text).toBe(`Thanks @[Alice Archer](${ALICE._id}) `);
    expect(result.caret).toBe(result.text.length);
  });

  it('keeps the text after the caret and does not double a following space', () => {
    const text = 'Hi @Al for the photo';
    const result = insertMention(text, { start: 3 }, 6, ALICE);
    expect(result.text).toBe(`Hi @[Alice Archer](${ALICE._id}) for the photo`);
    expect(result.text.slice(result.caret)).toBe('for the photo');
  });

  it('writes a token the shared parser reads back to the same member', () => {
    const { text } = insertMention('@Al', { start: 0 }, 3, ALICE);
    expect(parseMentions(text)).toEqual([
      expect.objectContaining({ name: 'Alice Archer', userId: ALICE._id, index: 0 }),
    ]);
  });

  it('keeps square brackets out of the name so the token stays readable', () => {
    const { text } = insertMention('@x', { start: 0 }, 2, { ...ALICE, lastName: 'Archer]' });
    expect(text).toBe(`@[Alice Archer](${ALICE._id}) `);
  });
});

describe('splitting comment text for display', () => {
  it('returns text and mention pieces in order, marking members the API listed', () => {
    const bob = '33333333-3333-4333-8333-333333333333';
    const content = `Hey @[Alice Archer](${ALICE._id}) and @[Bob](${bob})!`;
    expect(splitMentions(content, [ALICE])).toEqual([
      { kind: 'text', text: 'Hey ' },
      { kind: 'mention', name: 'Alice Archer', userId: ALICE._id, member: ALICE },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', name: 'Bob', userId: bob, member: null },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves text without mentions as one piece', () => {
    expect(splitMentions('plain @ text')).toEqual([{ kind: 'text', text: 'plain @ text' }]);
  });
});
