import { Link } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';

/** Profile creation and setup wizard (/profileedit/:id). */
export function ProfileEditRoute() {
  return (
    <MemberLayout width="narrow">
      <h1>Set up your profile</h1>
      <Card as="section">
        <p>
          Choose your plan, add your details, photos and interests so others can get to know you.
        </p>
        <Link to={paths.feed()}>Go to the feed</Link>
      </Card>
    </MemberLayout>
  );
}
