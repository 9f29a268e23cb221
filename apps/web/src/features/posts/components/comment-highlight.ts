import { createContext, useContext, useEffect, useRef } from 'react';

/** The comment a page points at (a notification's link): shown scrolled to and highlighted. */
export const HighlightedCommentContext = createContext<string | null>(null);

/** The element id of a comment, for links such as /posts/{postId}#comment-{commentId}. */
export function commentElementId(commentId: string): string {
  return `comment-${commentId}`;
}

/**
 * For one comment: whether it is the one pointed at and, when it is, a ref that scrolls it into
 * the middle of the screen and moves focus to it (so a screen reader starts reading there).
 */
export function useCommentHighlight(commentId: string) {
  const highlighted = useContext(HighlightedCommentContext) === commentId;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!highlighted || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [highlighted]);
  return { highlighted, ref };
}
