import { Button } from '../../../components/ui/button';

export interface FollowButtonProps {
  name: string;
  isFollowing: boolean;
  /** A follow request waits for the member's approval. */
  isRequested?: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

/**
 * Follow / Following on another member's profile (SPEC §2); pressing Following unfollows. With a
 * member who approves their followers it shows Requested, and pressing it withdraws the request.
 */
export function FollowButton({
  name,
  isFollowing,
  isRequested = false,
  disabled,
  onToggle,
}: FollowButtonProps) {
  const engaged = isFollowing || isRequested;
  const [label, ariaLabel, title] = isFollowing
    ? ['Following', `Following ${name}`, `Unfollow ${name}`]
    : isRequested
      ? ['Requested', `Follow request sent to ${name}`, `Cancel the follow request to ${name}`]
      : ['Follow', `Follow ${name}`, undefined];
  return (
    <Button
      variant={engaged ? 'secondary' : 'primary'}
      aria-pressed={engaged}
      aria-label={ariaLabel}
      title={title}
      onClick={onToggle}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}
