import { parseMentions, type CommentDto, type MentionedMember } from '@kindred/contracts';
import type { MemberSummary } from '../users/index.js';
import { canDeleteComment, canEditComment } from './policy.js';
import type { CommentRow, MentionedMemberRow } from './repo.js';

/** Comment rows → the JSON the contract promises, nested as a tree under `replies`. */

export interface CommentHydration {
  viewerId: string;
  authors: Map<string, MemberSummary>;
  mentions: Map<string, MentionedMemberRow[]>;
}

export function presentComment(row: CommentRow, hydration: CommentHydration): CommentDto {
  if (row.deleted) {
    return {
      _id: row.id,
      userId: null,
      authorDeleted: false,
      content: '',
      createdAt: row.createdAt,
      editedAt: null,
      mentions: [],
      replies: [],
      deleted: true,
      canDelete: false,
      canEdit: false,
    };
  }
  return {
    _id: row.id,
    userId: row.authorId ? (hydration.authors.get(row.authorId) ?? null) : null,
    authorDeleted: row.authorId === null,
    content: row.content,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    mentions: orderedMentions(row.content, hydration.mentions.get(row.id) ?? []),
    replies: [],
    deleted: false,
    canDelete: canDeleteComment(hydration.viewerId, row),
    canEdit: canEditComment(hydration.viewerId, row),
  };
}

/** The stored mentions (active members only), in the order the text names them. */
function orderedMentions(content: string, members: MentionedMemberRow[]): MentionedMember[] {
  const order = parseMentions(content).map((token) => token.userId);
  return [...members]
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
    .map((member) => ({ _id: member.id, firstName: member.firstName, lastName: member.lastName }));
}

/**
 * Nests the rows (oldest first) into a tree; replies keep that order under their parent. A deleted
 * placeholder with nothing visible left beneath it is dropped.
 */
export function presentCommentTree(
  rows: readonly CommentRow[],
  hydration: CommentHydration,
): CommentDto[] {
  const byId = new Map(rows.map((row) => [row.id, presentComment(row, hydration)]));
  const roots: CommentDto[] = [];
  for (const row of rows) {
    const comment = byId.get(row.id)!;
    if (row.parentId === null) roots.push(comment);
    else byId.get(row.parentId)?.replies.push(comment);
  }
  return pruneEmptyPlaceholders(roots);
}

function pruneEmptyPlaceholders(comments: CommentDto[]): CommentDto[] {
  const kept: CommentDto[] = [];
  for (const comment of comments) {
    comment.replies = pruneEmptyPlaceholders(comment.replies);
    if (!comment.deleted || comment.replies.length > 0) kept.push(comment);
  }
  return kept;
}
