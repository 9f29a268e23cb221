import { Link } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { getStoredUserId } from '../../../lib/storage';

/** The home feed (/feed). */
export function FeedRoute() {
  const userId = getStoredUserId();
  return (
    <MemberLayout>
      <h1>Home</h1>
      <Card as="section" aria-labelledby="feed-welcome">
        <h2 id="feed-welcome">Welcome to Kindred</h2>
        <p>Posts from the people you follow and the wider community appear here.</p>
        {userId ? <Link to={paths.viewProfile(userId)}>View my profile</Link> : null}
      </Card>
    </MemberLayout>
  );
}
