import { parseMentions } from '@kindred/contracts';
import { describe, expect, it } from 'vitest';
import {
  contentToDraft,
  draftToContent,
  editDraft,
  findMentionTrigger,
  insertMention,
  mentionMarkupLength,
  splitMentions,
} from './mentions';

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
  const empty = (text: string) => ({ text, mentions: [] });

  it('shows the plain "@First Last" and a space in the box, caret after it', () => {
    const result = insertMention(empty('Thanks @Ali'), { start: 7 }, 11, ALICE);
    expect(result.draft.text).toBe('Thanks @Alice Archer ');
    expect(result.draft.mentions).toEqual([
      { start: 7, end: 20, name: 'Alice Archer', userId: ALICE._id },
    ]);
    expect(result.caret).toBe(result.draft.text.length);
  });

  it('keeps the text after the caret and does not double a following space', () => {
    const result = insertMention(empty('Hi @Al for the photo'), { start: 3 }, 6, ALICE);
    expect(result.draft.text).toBe('Hi @Alice Archer for the photo');
    expect(result.draft.text.slice(result.caret)).toBe('for the photo');
  });

  it('sends the spec format @[Name](id), which the shared parser reads back to the member', () => {
    const { draft } = insertMention(empty('@Al'), { start: 0 }, 3, ALICE);
    const content = draftToContent(draft);
    expect(content).toBe(`@[Alice Archer](${ALICE._id}) `);
    expect(parseMentions(content)).toEqual([
      expect.objectContaining({ name: 'Alice Archer', userId: ALICE._id, index: 0 }),
    ]);
  });

  it('keeps square brackets out of the name so the stored token stays readable', () => {
    const { draft } = insertMention(empty('@x'), { start: 0 }, 2, {
      ...ALICE,
      lastName: 'Archer]',
    });
    expect(draft.text).toBe('@Alice Archer ');
    expect(draftToContent(draft)).toBe(`@[Alice Archer](${ALICE._id}) `);
  });

  it('does not treat a picked mention as a new "@" being typed', () => {
    const { draft, caret } = insertMention(empty('@Al'), { start: 0 }, 3, ALICE);
    expect(findMentionTrigger(draft.text, caret, draft.mentions)).toBeNull();
    expect(findMentionTrigger(draft.text, 6, draft.mentions)).toBeNull();
  });
});

describe('editing text around picked mentions', () => {
  const BOB = { _id: '33333333-3333-4333-8333-333333333333', firstName: 'Bob', lastName: 'Dupont' };
  /** "Hi @Alice Archer and @Bob Dupont " with both picked. */
  function twoMentions() {
    const first = insertMention({ text: 'Hi @Al', mentions: [] }, { start: 3 }, 6, ALICE);
    const typed = editDraft(first.draft, `${first.draft.text}and @Bo`, first.caret + 7);
    return insertMention(typed, { start: first.caret + 4 }, first.caret + 7, BOB).draft;
  }

  it('moves mentions along when text is typed before them', () => {
    const draft = twoMentions();
    const edited = editDraft(draft, `Oh! ${draft.text}`, 4);
    expect(draftToContent(edited)).toBe(
      `Oh! Hi @[Alice Archer](${ALICE._id}) and @[Bob Dupont](${BOB._id}) `,
    );
  });

  it('drops a mention whose name is edited, keeping its text as typed', () => {
    const draft = twoMentions();
    // Delete the "r" at the end of "Archer" (index 15).
    const text = draft.text.slice(0, 15) + draft.text.slice(16);
    const edited = editDraft(draft, text, 15);
    expect(edited.text).toBe('Hi @Alice Arche and @Bob Dupont ');
    expect(draftToContent(edited)).toBe(`Hi @Alice Arche and @[Bob Dupont](${BOB._id}) `);
  });

  it('tells typing inside a name from typing just after it by the caret', () => {
    const { draft } = insertMention({ text: '@Al', mentions: [] }, { start: 0 }, 3, ALICE);
    // "@Alice Archer " → "@Alice Archerr ": same text whether "r" went before or after the last "r".
    const text = '@Alice Archerr ';
    expect(draftToContent(editDraft(draft, text, 13))).toBe('@Alice Archerr ');
    expect(draftToContent(editDraft(draft, text, 14))).toBe(`@[Alice Archer](${ALICE._id})r `);
  });

  it('forgets everything when the box is cleared', () => {
    expect(editDraft(twoMentions(), '', 0)).toEqual({ text: '', mentions: [] });
  });

  it('counts the stored length, markup included', () => {
    const draft = twoMentions();
    expect(draftToContent(draft).length - draft.text.length).toBe(
      mentionMarkupLength(draft.mentions),
    );
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

describe('contentToDraft (editing a stored comment)', () => {
  const ada = '0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a';
  const bob = '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b';

  it('shows each mention as "@Name", still picked, and gives the same content back', () => {
    const content = `Hi @[Ada Lovelace](${ada}), and @[Bob](${bob})!`;
    const draft = contentToDraft(content);
    expect(draft.text).toBe('Hi @Ada Lovelace, and @Bob!');
    expect(draft.mentions).toEqual([
      { start: 3, end: 16, name: 'Ada Lovelace', userId: ada },
      { start: 22, end: 26, name: 'Bob', userId: bob },
    ]);
    expect(draftToContent(draft)).toBe(content);
  });

  it('keeps the mentions through an edit elsewhere in the text', () => {
    const draft = contentToDraft(`Hi @[Ada Lovelace](${ada})`);
    const edited = editDraft(draft, 'Hi there @Ada Lovelace', 8);
    expect(draftToContent(edited)).toBe(`Hi there @[Ada Lovelace](${ada})`);
  });

  it('leaves text without mentions as it is', () => {
    expect(contentToDraft('plain @ text')).toEqual({ text: 'plain @ text', mentions: [] });
  });
});
