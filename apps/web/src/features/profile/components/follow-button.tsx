import { Button } from '../../../components/ui/button';

export interface FollowButtonProps {
  name: string;
  isFollowing: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

/** Follow / Following on another member's profile (SPEC §2); pressing Following unfollows. */
export function FollowButton({ name, isFollowing, disabled, onToggle }: FollowButtonProps) {
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      aria-pressed={isFollowing}
      aria-label={isFollowing ? `Following ${name}` : `Follow ${name}`}
      title={isFollowing ? `Unfollow ${name}` : undefined}
      onClick={onToggle}
      disabled={disabled}
    >
      {isFollowing ? 'Following' : 'Follow'}
    </Button>
  );
}
