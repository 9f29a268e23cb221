import { Card } from '../../../components/ui/card';
import { CreatePostButton, EmptyPosts, PostFeed } from '../../posts';
import sectionStyles from './profile-section.module.css';

export interface ProfilePostsProps {
  userId: string;
  isOwn: boolean;
  firstName: string;
}

/**
 * The member's posts on their profile (SPEC §2): the posts area's own list (likes, comments,
 * delete where allowed) and, on the own profile, the create-post button.
 */
export function ProfilePosts({ userId, isOwn, firstName }: ProfilePostsProps) {
  return (
    <Card as="section" aria-labelledby="profile-posts-heading">
      <div className={sectionStyles.header}>
        <h2 id="profile-posts-heading" className={sectionStyles.title}>
          {isOwn ? 'My Posts' : `${firstName}'s Posts`}
        </h2>
        {isOwn ? <CreatePostButton size="sm" /> : null}
      </div>
      <PostFeed
        source={{ kind: 'user', userId }}
        label={isOwn ? 'My posts' : `Posts by ${firstName}`}
        emptyState={
          <EmptyPosts headingLevel={3}>
            {isOwn ? 'Share your first post with Create Post.' : `${firstName} has not posted yet.`}
          </EmptyPosts>
        }
      />
    </Card>
  );
}
