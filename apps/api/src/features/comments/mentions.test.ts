import { mentionedUserIds, mentionText, parseMentions } from '@kindred/contracts';
import { describe, expect, it } from 'vitest';

const ADA = '3f2b1c9e-8d7a-4b6c-9e5f-1a2b3c4d5e6f';
const BOB = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('mention parsing (@[Name](userId))', () => {
  it('finds each token with its name, id and position', () => {
    const text = `Hi @[Ada Lovelace](${ADA}) and @[Bob](${BOB})!`;
    expect(parseMentions(text)).toEqual([
      { name: 'Ada Lovelace', userId: ADA, index: 3, length: `@[Ada Lovelace](${ADA})`.length },
      { name: 'Bob', userId: BOB, index: text.indexOf('@[Bob]'), length: `@[Bob](${BOB})`.length },
    ]);
  });

  it('lower-cases ids so the same member written twice is one member', () => {
    const text = `@[Ada](${ADA.toUpperCase()}) @[Ada again](${ADA})`;
    expect(mentionedUserIds(text)).toEqual([ADA]);
  });

  it('keeps distinct ids in order of first appearance', () => {
    expect(mentionedUserIds(`@[B](${BOB}) @[A](${ADA}) @[B](${BOB})`)).toEqual([BOB, ADA]);
  });

  it.each([
    ['a bare @name', 'hello @Ada'],
    ['an email address', 'write to ada@example.com'],
    ['a malformed id', '@[Ada](not-a-uuid)'],
    ['a truncated id', `@[Ada](${ADA.slice(0, 30)})`],
    ['an empty name', `@[](${ADA})`],
    ['a name across lines', `@[Ada\nLovelace](${ADA})`],
    ['a missing @', `[Ada](${ADA})`],
    ['a space before the id', `@[Ada] (${ADA})`],
  ])('ignores %s', (_label, text) => {
    expect(parseMentions(text)).toEqual([]);
  });

  it('reads tokens written back to back', () => {
    expect(mentionedUserIds(`@[A](${ADA})@[B](${BOB})`)).toEqual([ADA, BOB]);
  });

  it('stops at the limit of distinct members', () => {
    const ids = Array.from(
      { length: 25 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const text = ids.map((id, i) => `@[M${i}](${id})`).join(' ');
    expect(mentionedUserIds(text)).toHaveLength(20);
    expect(mentionedUserIds(text, 3)).toEqual(ids.slice(0, 3));
  });

  it('writes a token the parser reads back, whatever the name holds', () => {
    const token = mentionText('Ada ]Love\nlace', ADA);
    expect(token).toBe(`@[Ada  Love lace](${ADA})`);
    expect(parseMentions(`hey ${token}`)[0]).toMatchObject({ userId: ADA });
  });
});
