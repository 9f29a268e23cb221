import type { PostDto } from '@kindred/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { PlusIcon } from './icons';

// Loaded when first opened (or pointed at): the form (react-hook-form, zod) is not needed to show
// the feed.
const loadCreatePostModal = () => import('./create-post-modal');
const CreatePostModal = lazy(() =>
  loadCreatePostModal().then((m) => ({ default: m.CreatePostModal })),
);

export interface CreatePostButtonProps extends Pick<
  ButtonProps,
  'variant' | 'size' | 'fullWidth' | 'className'
> {
  /** The button's text (default "Create Post"). */
  children?: ReactNode;
  /** Called with the new post after it was created (the feeds are already refreshing). */
  onCreated?: (post: PostDto) => void;
}

/**
 * "Create Post": opens the Create Post modal. After a successful post the General feed and the
 * author's own list are refetched (see api/create-post.ts), wherever they are shown.
 */
export function CreatePostButton({
  children = 'Create Post',
  onCreated,
  ...buttonProps
}: CreatePostButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon={<PlusIcon />}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadCreatePostModal()}
        onFocus={() => void loadCreatePostModal()}
        {...buttonProps}
      >
        {children}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CreatePostModal open onClose={() => setOpen(false)} onCreated={onCreated} />
        </Suspense>
      ) : null}
    </>
  );
}
