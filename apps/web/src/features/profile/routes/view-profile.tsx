import { MemberLayout } from '../../../components/layout/member-layout';
import { Card } from '../../../components/ui/card';

/** A member's profile page (/viewprofile/:id). */
export function ViewProfileRoute() {
  return (
    <MemberLayout>
      <h1>Profile</h1>
      <Card as="section">
        <p>Basic information, photos and posts of this member.</p>
      </Card>
    </MemberLayout>
  );
}
