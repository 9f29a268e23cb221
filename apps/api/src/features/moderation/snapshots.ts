import { REPORT_MESSAGES, type ReportSnapshot, type ReportTargetType } from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { findReportableComment } from '../comments/index.js';
import { mediaUrl } from '../media/index.js';
import {
  findReportableMessage,
  openMessageSnapshot,
  type SealedMessageSnapshot,
} from '../messages/index.js';
import { findVisiblePost } from '../posts/index.js';
import { findReportablePhoto } from '../profiles/index.js';
import { findVisibleMemberWithProfile, photosOf } from '../users/index.js';

/**
 * What a report keeps of its target, taken when the report is made, so that deleting or editing
 * the content does not erase the evidence. The text is kept; media are kept as their storage keys,
 * so a moderator can open them while the content exists — removing the content (by its author or a
 * moderator) removes the files too: we do not keep copies of pictures that may be unlawful to hold.
 * A private message is kept sealed as it is in the messages table (messages' own key, opened only
 * for the moderators' queue), so a report adds no readable copy of a conversation at rest.
 */
export type StoredSnapshot =
  | {
      type: 'post';
      title: string;
      description: string;
      privacy: string;
      mediaKey: string | null;
      mediaType: string | null;
      createdAt: string;
    }
  | { type: 'comment'; content: string; postId: string; createdAt: string }
  | { type: 'member'; firstName: string; lastName: string; bio: string; photoKeys: string[] }
  | { type: 'photo'; storageKey: string; thumbnailKey: string }
  | SealedMessageSnapshot;

export interface ReportTarget {
  /** The row's id (a photo's, when the report named the photo by its file name). */
  targetId: string;
  /** Whose content it is. */
  targetMemberId: string;
  snapshot: StoredSnapshot;
}

/**
 * The target as the reporter sees it, or a 404: a member may report only what they can see (so
 * reporting never reveals that a hidden thing exists).
 */
export async function snapshotTarget(
  db: Executor,
  reporterId: string,
  targetType: ReportTargetType,
  targetId: string,
): Promise<ReportTarget> {
  const target = await findTarget(db, reporterId, targetType, targetId);
  if (!target) throw notFound(REPORT_MESSAGES.notFound);
  return target;
}

async function findTarget(
  db: Executor,
  reporterId: string,
  targetType: ReportTargetType,
  targetId: string,
): Promise<ReportTarget | undefined> {
  switch (targetType) {
    case 'post': {
      const post = await findVisiblePost(db, reporterId, targetId);
      if (!post) return undefined;
      return {
        targetId: post.id,
        targetMemberId: post.authorId,
        snapshot: {
          type: 'post',
          title: post.title,
          description: post.description,
          privacy: post.privacy,
          mediaKey: post.mediaKey,
          mediaType: post.mediaType,
          createdAt: post.createdAt.toISOString(),
        },
      };
    }
    case 'comment': {
      const comment = await findReportableComment(db, reporterId, targetId);
      if (!comment?.authorId) return undefined;
      return {
        targetId: comment.id,
        targetMemberId: comment.authorId,
        snapshot: {
          type: 'comment',
          content: comment.content,
          postId: comment.postId,
          createdAt: comment.createdAt,
        },
      };
    }
    case 'member': {
      const found = await findVisibleMemberWithProfile(db, reporterId, targetId);
      if (!found) return undefined;
      const photoRows = await photosOf(db, found.user.id);
      return {
        targetId: found.user.id,
        targetMemberId: found.user.id,
        snapshot: {
          type: 'member',
          firstName: found.user.firstName,
          lastName: found.user.lastName,
          bio: found.profile?.bio ?? '',
          photoKeys: photoRows.map((photo) => photo.storageKey),
        },
      };
    }
    case 'photo': {
      const photo = await findReportablePhoto(db, reporterId, targetId);
      if (!photo) return undefined;
      return {
        targetId: photo.id,
        targetMemberId: photo.userId,
        snapshot: {
          type: 'photo',
          storageKey: photo.storageKey,
          thumbnailKey: photo.thumbnailKey,
        },
      };
    }
    case 'message': {
      const message = await findReportableMessage(db, reporterId, targetId);
      if (!message) return undefined;
      return {
        targetId,
        targetMemberId: message.senderId,
        snapshot: message.snapshot,
      };
    }
  }
}

/** The snapshot as the moderation page shows it (media as URLs, a message opened). */
export function presentSnapshot(
  context: { config: Pick<AppContext['config'], 'dataEncryptionKey'> },
  stored: StoredSnapshot,
): ReportSnapshot {
  switch (stored.type) {
    case 'post':
      return {
        type: 'post',
        title: stored.title,
        description: stored.description,
        privacy: stored.privacy,
        media:
          stored.mediaKey && stored.mediaType
            ? { url: mediaUrl(stored.mediaKey), type: stored.mediaType }
            : null,
        createdAt: stored.createdAt,
      };
    case 'comment':
      return stored;
    case 'member':
      return {
        type: 'member',
        firstName: stored.firstName,
        lastName: stored.lastName,
        bio: stored.bio,
        photos: stored.photoKeys.map(mediaUrl),
      };
    case 'photo':
      return {
        type: 'photo',
        url: mediaUrl(stored.storageKey),
        thumbnailUrl: mediaUrl(stored.thumbnailKey),
      };
    case 'message':
      return openMessageSnapshot(context, stored);
  }
}
