import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { usePost } from '../api/get-post';
import { HighlightedCommentContext } from '../components/comment-highlight';
import { PostCard } from '../components/post-card';
import { PostFeedSkeleton } from '../components/post-feed';
import { POSTS_UI_MESSAGES as M } from '../lib/messages';

const COMMENT_HASH = /^#comment-(.+)$/;

/** The comment the link points at: `?comment={id}` or `#comment-{id}`. */
function useTargetComment(): string | null {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  return params.get('comment') ?? COMMENT_HASH.exec(hash)?.[1] ?? null;
}

/**
 * /posts/:postId — one post with its comments open (where a notification leads). With a comment
 * in the link, that comment is scrolled to, focused and highlighted. A post the member may not
 * see, or one deleted since, is "not found".
 */
export function PostPage() {
  const { postId = '' } = useParams();
  const commentId = useTargetComment();
  const post = usePost(postId);
  const missing = post.error instanceof ApiError && post.error.code === 'NOT_FOUND';

  let content;
  if (post.isPending) {
    content = <PostFeedSkeleton />;
  } else if (post.data) {
    content = (
      <HighlightedCommentContext.Provider value={commentId}>
        <PostCard post={post.data} commentsOpen headingLevel={1} priorityMedia />
      </HighlightedCommentContext.Provider>
    );
  } else if (post.isError && !missing) {
    content = (
      <Alert tone="error">
        <p>{M.fetchFailed}.</p>
        <Button variant="secondary" size="sm" onClick={() => void post.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    content = (
      <Alert tone="info" title={M.notFound}>
        It may have been deleted, or you may no longer be able to see it.{' '}
        <Link to={paths.feed()}>Back to the feed</Link>
      </Alert>
    );
  }

  return <MemberLayout width="narrow">{content}</MemberLayout>;
}
