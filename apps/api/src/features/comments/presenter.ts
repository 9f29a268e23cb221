import {
  COMMENT_MAX_DEPTH,
  parseMentions,
  type CommentDto,
  type MentionedMember,
} from '@kindred/contracts';
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
  // Most comments mention nobody: their text is not parsed.
  if (members.length === 0) return [];
  const order = parseMentions(content).map((token) => token.userId);
  return [...members]
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
    .map((member) => ({ _id: member.id, firstName: member.firstName, lastName: member.lastName }));
}

/**
 * Nests the rows (oldest first) into a tree; replies keep that order under their parent. The tree
 * is at most COMMENT_MAX_DEPTH deep: a reply to a comment at that depth is listed beside it, under
 * the same parent, saying whom it replies to — so a chain of a thousand replies is a flat list at
 * depth 6, not a thousand nested levels. A deleted placeholder with nothing visible left beneath
 * it is dropped.
 */
export function presentCommentTree(
  rows: readonly CommentRow[],
  hydration: CommentHydration,
): CommentDto[] {
  const byId = new Map(rows.map((row) => [row.id, presentComment(row, hydration)]));
  const position = new Map(rows.map((row, index) => [row.id, index]));
  const childrenOf = new Map<string | null, CommentRow[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const roots = (childrenOf.get(null) ?? []).map((row) => byId.get(row.id)!);
  // Walked without recursion: a chain can be as long as members make it.
  const pending = roots.map((comment) => ({
    comment,
    depth: 1,
    holder: undefined as CommentDto | undefined,
  }));
  const flattenedInto = new Set<CommentDto>();
  while (pending.length > 0) {
    const { comment: parent, depth, holder: parentHolder } = pending.pop()!;
    for (const row of childrenOf.get(parent._id) ?? []) {
      const reply = byId.get(row.id)!;
      if (depth < COMMENT_MAX_DEPTH || !parentHolder) {
        parent.replies.push(reply);
        pending.push({ comment: reply, depth: depth + 1, holder: parent });
        continue;
      }
      parentHolder.replies.push(reply);
      flattenedInto.add(parentHolder);
      if (parent.userId) {
        const { _id, firstName, lastName } = parent.userId;
        reply.replyingTo = { _id, firstName, lastName };
      }
      pending.push({ comment: reply, depth, holder: parentHolder });
    }
  }
  // Replies listed side by side stay in the order they were written.
  for (const holder of flattenedInto) {
    holder.replies.sort((a, b) => position.get(a._id)! - position.get(b._id)!);
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
