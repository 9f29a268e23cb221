import { mentionText, parseMentions, type MentionedMember } from '@kindred/contracts';

/**
 * @mentions in comment text. The stored format is the spec's: "@", the name in square brackets,
 * the member id in parentheses — `@[Ada Lovelace](id)` (parsing lives in @kindred/contracts, shared
 * with the API). This file holds what only the browser needs: spotting a mention being typed,
 * inserting the picked member, and splitting a text into plain and mention pieces for display.
 *
 * While a comment is written the box shows plain text ("Thanks @Ada Lovelace"); the members picked
 * are kept beside it as ranges of that text (a `MentionDraft`). An edit moves the ranges after it
 * and forgets any range it touched (its text stays as typed); sending turns the ranges back into
 * the stored format (`draftToContent`).
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
export function findMentionTrigger(
  text: string,
  caret: number,
  /** Members already picked: their "@" starts no new mention. */
  mentions: readonly ChosenMention[] = [],
): MentionTrigger | null {
  const before = text.slice(0, Math.max(0, Math.min(caret, text.length)));
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (mentions.some((mention) => mention.start === start)) return null;
  const previous = start > 0 ? before[start - 1] : undefined;
  if (previous !== undefined && !/[\s(]/.test(previous)) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_MENTION_QUERY_LENGTH) return null;
  if (/[\n@[\]()]/.test(query)) return null;
  if (/^\s/.test(query) || /\s{2,}/.test(query)) return null;
  return { start, query };
}

/** The display name a mention of this member carries (as the stored token will spell it). */
export function mentionName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.replace(/[\]\n]/g, ' ').trim();
}

/** A picked member, shown as the plain "@Name" at `start`…`end` of the draft's text. */
export interface ChosenMention {
  start: number;
  end: number;
  name: string;
  userId: string;
}

/** What the comment box holds: the text as shown, and the members picked in it. */
export interface MentionDraft {
  text: string;
  mentions: readonly ChosenMention[];
}

export const EMPTY_MENTION_DRAFT: MentionDraft = { text: '', mentions: [] };

/**
 * Moves the picked mentions through one edit of the text. The edited span is found from the
 * common start and end of the two texts, pinned by the caret after the edit (so typing inside a
 * name is told from typing just after it). Mentions before the span stay, those after it move,
 * and any the edit touched are forgotten: their text stays as plain text.
 */
export function editDraft(draft: MentionDraft, text: string, caret: number): MentionDraft {
  const previous = draft.text;
  if (previous === text) return draft;
  const caretFromEnd = text.length - Math.max(0, Math.min(caret, text.length));
  let suffix = 0;
  const maxSuffix = Math.min(previous.length, caretFromEnd);
  while (
    suffix < maxSuffix &&
    previous[previous.length - 1 - suffix] === text[text.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  let prefix = 0;
  const maxPrefix = Math.min(previous.length, text.length) - suffix;
  while (prefix < maxPrefix && previous[prefix] === text[prefix]) prefix += 1;
  const editedEnd = previous.length - suffix;
  const shift = text.length - previous.length;
  const mentions: ChosenMention[] = [];
  for (const mention of draft.mentions) {
    if (mention.end <= prefix) mentions.push(mention);
    else if (mention.start >= editedEnd)
      mentions.push({ ...mention, start: mention.start + shift, end: mention.end + shift });
  }
  return { text, mentions };
}

/**
 * Replaces the typed "@query" (from the trigger's "@" up to the caret) with the member's plain
 * "@Name" and a space, remembers the member for that span, and says where the caret goes (just
 * after that space).
 */
export function insertMention(
  draft: MentionDraft,
  trigger: Pick<MentionTrigger, 'start'>,
  caret: number,
  member: { _id: string; firstName: string; lastName: string },
): { draft: MentionDraft; caret: number } {
  const name = mentionName(member);
  const shown = `@${name}`;
  const before = draft.text.slice(0, trigger.start);
  const after = draft.text.slice(caret);
  const spacer = /^\s/.test(after) ? '' : ' ';
  const nextCaret = before.length + shown.length + 1;
  const edited = editDraft(draft, `${before}${shown}${spacer}${after}`, nextCaret);
  const chosen: ChosenMention = {
    start: trigger.start,
    end: trigger.start + shown.length,
    name,
    userId: member._id,
  };
  const mentions = [...edited.mentions, chosen].sort((a, b) => a.start - b.start);
  return { draft: { text: edited.text, mentions }, caret: nextCaret };
}

/** The comment as stored and sent: each picked "@Name" becomes `@[Name](id)`. */
export function draftToContent(draft: MentionDraft): string {
  let content = '';
  let cursor = 0;
  for (const mention of draft.mentions) {
    content += draft.text.slice(cursor, mention.start) + mentionText(mention.name, mention.userId);
    cursor = mention.end;
  }
  return content + draft.text.slice(cursor);
}

/** How many characters the stored format adds to the text shown (for the length limit). */
export function mentionMarkupLength(mentions: readonly ChosenMention[]): number {
  return mentions.reduce(
    (total, mention) =>
      total + mentionText(mention.name, mention.userId).length - (mention.end - mention.start),
    0,
  );
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

/**
 * A stored comment as a draft, for editing it: each `@[Name](id)` shows as "@Name" and stays
 * picked, so `draftToContent` gives the same text back when nothing is changed.
 */
export function contentToDraft(content: string): MentionDraft {
  let text = '';
  let cursor = 0;
  const mentions: ChosenMention[] = [];
  for (const token of parseMentions(content)) {
    text += content.slice(cursor, token.index);
    const shown = `@${token.name}`;
    mentions.push({
      start: text.length,
      end: text.length + shown.length,
      name: token.name,
      userId: token.userId,
    });
    text += shown;
    cursor = token.index + token.length;
  }
  return { text: text + content.slice(cursor), mentions };
}
