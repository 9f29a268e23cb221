import { mentionText, parseMentions, type MentionedMember } from '@kindred/contracts';

/**
 * @mentions in comment text. The stored format is the spec's: "@", the name in square brackets,
 * the member id in parentheses — `@[Ada Lovelace](id)` (parsing lives in @kindred/contracts, shared
 * with the API). This file holds what only the browser needs: spotting a mention being typed,
 * inserting the picked member, and splitting a text into plain and mention pieces for display.
 */

/** Longest text after "@" still treated as a name being typed. */
export const MAX_MENTION_QUERY_LENGTH = 40;

export interface MentionTrigger {
  /** Index of the "@" that starts the mention being typed. */
  start: number;
  /** What was typed after the "@", up to the caret. */
  query: string;
}

/**
 * The mention being typed just before the caret, if any: an "@" at the start of the text or after
 * whitespace or "(", followed by a name (letters, spaces between words) up to the caret. An "@"
 * inside an email address, or a finished `@[Name](id)` token, is not a trigger.
 */
export function findMentionTrigger(text: string, caret: number): MentionTrigger | null {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  const previous = start > 0 ? before[start - 1] : undefined;
  if (previous !== undefined && !/[\s(]/.test(previous)) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_MENTION_QUERY_LENGTH) return null;
  if (/[\n@[\]()]/.test(query)) return null;
  if (/^\s/.test(query) || /\s{2,}/.test(query)) return null;
  return { start, query };
}

/** The display name a mention of this member carries. */
export function mentionName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/**
 * Replaces the typed "@query" (from the trigger's "@" up to the caret) with the member's mention
 * token and a space, and says where the caret goes (just after that space).
 */
export function insertMention(
  text: string,
  trigger: Pick<MentionTrigger, 'start'>,
  caret: number,
  member: { _id: string; firstName: string; lastName: string },
): { text: string; caret: number } {
  const token = mentionText(mentionName(member), member._id);
  const before = text.slice(0, trigger.start);
  const after = text.slice(caret);
  const spacer = /^\s/.test(after) ? '' : ' ';
  return { text: `${before}${token}${spacer}${after}`, caret: before.length + token.length + 1 };
}

export type MentionPiece =
  | { kind: 'text'; text: string }
  /** `member` is set when the mentioned member is active (the API lists them); then it links. */
  | { kind: 'mention'; name: string; userId: string; member: MentionedMember | null };

/** Splits comment text into plain text and mentions, in order, for rendering. */
export function splitMentions(
  content: string,
  mentions: readonly MentionedMember[] = [],
): MentionPiece[] {
  const byId = new Map(mentions.map((member) => [member._id.toLowerCase(), member]));
  const pieces: MentionPiece[] = [];
  let cursor = 0;
  for (const token of parseMentions(content)) {
    if (token.index > cursor)
      pieces.push({ kind: 'text', text: content.slice(cursor, token.index) });
    pieces.push({
      kind: 'mention',
      name: token.name,
      userId: token.userId,
      member: byId.get(token.userId) ?? null,
    });
    cursor = token.index + token.length;
  }
  if (cursor < content.length) pieces.push({ kind: 'text', text: content.slice(cursor) });
  return pieces;
}
