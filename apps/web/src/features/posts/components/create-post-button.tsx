import type { PostDto } from '@kindred/contracts';
import { useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { CreatePostModal } from './create-post-modal';
import { PlusIcon } from './icons';

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
      <Button icon={<PlusIcon />} onClick={() => setOpen(true)} {...buttonProps}>
        {children}
      </Button>
      <CreatePostModal open={open} onClose={() => setOpen(false)} onCreated={onCreated} />
    </>
  );
}
