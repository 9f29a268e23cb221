import type { PostDto } from '@kindred/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { ActionMenu, type ActionMenuItem } from '../../../components/ui/action-menu';
import { Card } from '../../../components/ui/card';
import { SensitiveImage } from '../../../components/ui/sensitive-image';
import { Spinner } from '../../../components/ui/spinner';
import { getStoredUserId } from '../../../lib/storage';
import { useMemberSafetyActions } from '../../blocks';
import { useReportAction } from '../../moderation';
import { postsToast } from '../toast';
import { useDeletePost } from '../api/delete-post';
import { useLikePost } from '../api/like-post';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { AuthorLine } from './author-line';
import { ConfirmDialog } from './confirm-dialog';
import { EditedMark } from './edited-mark';
import { CommentIcon, HeartIcon, TrashIcon } from './icons';
import { PostMedia } from './post-media';
import { PrivacyIcon } from './privacy-icon';
import { RelativeTime } from './relative-time';
import { clsx } from 'clsx';
import actionStyles from './post-action.module.css';
import styles from './post-card.module.css';

const M = POSTS_UI_MESSAGES;

// Loaded when first opened: the comments (their thread, the comment form on react-hook-form) and
// the edit form are not needed to show a post.
const CommentsSection = lazy(() =>
  import('./comments-section').then((m) => ({ default: m.CommentsSection })),
);
const EditPostModal = lazy(() =>
  import('./edit-post-modal').then((m) => ({ default: m.EditPostModal })),
);

export interface PostCardProps {
  post: PostDto;
  /** Position in the feed (1-based) and its size when known, for assistive tech (role="feed"). */
  position?: number;
  /** The feed's first picture: loaded at once with high priority instead of lazily. */
  priorityMedia?: boolean;
  /** Comments shown from the start (the single-post page). */
  commentsOpen?: boolean;
  /** The heading level of the title: 2 in a feed under the page's h1, 1 on the post's own page. */
  headingLevel?: 1 | 2;
}

/**
 * One post: author with badge, time and privacy; title, description and media; like and comment
 * buttons with counts; the expandable comments. Delete appears only when the API says the viewer
 * may (their own post).
 */
export function PostCard({
  post,
  position,
  priorityMedia = false,
  commentsOpen = false,
  headingLevel = 2,
}: PostCardProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const commentsId = `${id}-comments`;
  const [showComments, setShowComments] = useState(commentsOpen);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [editing, setEditing] = useState(false);
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const like = useLikePost();
  const deletePost = useDeletePost();
  const memberActions = useMemberSafetyActions({
    member: post.userId,
    viewerId: getStoredUserId(),
  });
  const report = useReportAction({
    targetType: 'post',
    targetId: post._id,
    member: post.userId,
    viewerId: getStoredUserId(),
  });
  // The ⋯ menu's entries, one spread or item per feature (edit, report, block and mute).
  const menuItems: ActionMenuItem[] = [
    ...(post.canEdit ? [{ id: 'edit', label: 'Edit post', onSelect: () => setEditing(true) }] : []),
    ...report.items,
    ...memberActions.items,
  ];

  const onDelete = () => {
    deletePost.mutate(post._id, {
      onSuccess: () => postsToast().success(M.deleted),
      onError: () => {
        setConfirmingDelete(false);
        postsToast().error(M.deleteFailed);
      },
    });
  };

  return (
    <Card
      as="article"
      padding="none"
      className={styles.postCard}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={position === undefined ? undefined : -1}
      data-post-id={post._id}
    >
      <header className={styles.postCardHeader}>
        <AuthorLine author={post.userId} placeholder={M.authors.missingPostAuthor} />
        <span className={styles.postCardMeta}>
          <RelativeTime iso={post.createdAt} />
          <span aria-hidden="true">·</span>
          <PrivacyIcon privacy={post.privacy} />
          <EditedMark iso={post.editedAt} />
        </span>
        {post.canDelete ? (
          <button
            type="button"
            className={clsx(
              actionStyles.postAction,
              actionStyles.postActionIcon,
              styles.postCardDelete,
            )}
            aria-label="Delete post"
            title="Delete post"
            onClick={() => setConfirmingDelete(true)}
          >
            <TrashIcon />
          </button>
        ) : null}
        <ActionMenu
          label={`More actions for the post “${post.title}”`}
          items={menuItems}
          className={styles.postCardMenu}
        />
      </header>

      <div className={styles.postCardBody}>
        {/* Level 2 in a feed: the page's title is the h1, and each post is a section under it. */}
        <Title id={titleId} className={styles.postCardTitle}>
          {post.title}
        </Title>
        {post.description ? <p className={styles.postCardDescription}>{post.description}</p> : null}
      </div>
      {post.media ? (
        <SensitiveImage sensitive={post.sensitive}>
          <PostMedia
            media={post.media}
            title={post.title}
            authorFirstName={post.userId?.firstName}
            priority={priorityMedia}
          />
        </SensitiveImage>
      ) : null}

      <div className={styles.postCardActions}>
        <button
          type="button"
          className={clsx(actionStyles.postAction, post.isLiked && actionStyles.postActionLiked)}
          aria-pressed={post.isLiked}
          // Not disabled while the like is sent (focus would be lost); a second press waits.
          onClick={() => {
            if (!like.isPending) like.mutate(post._id);
          }}
        >
          <HeartIcon filled={post.isLiked} />
          <span>Like</span>
          <span className={actionStyles.postActionCount}>{post.likesCount}</span>
        </button>
        <button
          type="button"
          className={actionStyles.postAction}
          aria-expanded={showComments}
          aria-controls={showComments ? commentsId : undefined}
          onClick={() => setShowComments((open) => !open)}
        >
          <CommentIcon />
          <span>Comments</span>
          <span className={actionStyles.postActionCount}>{post.commentsCount}</span>
        </button>
      </div>

      {showComments ? (
        // The fallback carries the section's id, so the button's aria-controls points at something
        // while the comments' code loads.
        <Suspense
          fallback={
            <div id={commentsId}>
              <Spinner label="Loading comments" />
            </div>
          }
        >
          <CommentsSection id={commentsId} post={post} />
        </Suspense>
      ) : null}

      <ConfirmDialog
        open={confirmingDelete}
        title="Delete post?"
        description="This post, its likes and its comments will be removed for everyone."
        confirmLabel="Delete"
        busy={deletePost.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
      {post.canEdit && editing ? (
        <Suspense fallback={null}>
          <EditPostModal post={post} open onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {report.dialog}
      {memberActions.dialog}
    </Card>
  );
}
