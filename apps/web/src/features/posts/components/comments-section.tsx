import { COMMENT_POLICY_NOTICES, type PostDto } from '@kindred/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useComments } from '../api/get-comments';
import { POSTS_UI_MESSAGES } from '../lib/messages';
import { useErrorToast } from '../use-error-toast';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-thread';
import styles from './comments.module.css';

/**
 * The expandable comments of one post: the thread (with replies) and a box for a new comment —
 * or, when the post's comment policy does not let the viewer comment, a line saying who may.
 */
export function CommentsSection({
  id,
  post,
}: {
  id: string;
  post: Pick<PostDto, '_id' | 'canComment' | 'commentPolicy'>;
}) {
  const postId = post._id;
  const comments = useComments(postId, true);
  useErrorToast(comments, POSTS_UI_MESSAGES.comment.loadFailed);

  return (
    <section id={id} className={styles.comments} aria-label="Comments">
      {comments.isPending ? (
        <Spinner size="sm" label="Loading comments" />
      ) : comments.isError && !comments.data ? (
        <Alert tone="error">
          {POSTS_UI_MESSAGES.comment.loadFailed}.{' '}
          <Button variant="ghost" size="sm" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : comments.data && comments.data.length > 0 ? (
        <CommentThread postId={postId} comments={comments.data} canReply={post.canComment} />
      ) : (
        <p className={styles.commentsEmpty}>No comments yet. Start the conversation.</p>
      )}
      {post.canComment ? (
        <CommentForm postId={postId} />
      ) : (
        <p className={styles.commentsClosed}>
          {post.commentPolicy === 'everyone'
            ? COMMENT_POLICY_NOTICES.nobody
            : COMMENT_POLICY_NOTICES[post.commentPolicy]}
        </p>
      )}
    </section>
  );
}
