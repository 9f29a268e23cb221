import { useParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { getStoredUserId } from '../../../lib/storage';
import { ProfileView } from '../components/profile-view';
import '../profile.css';

/** A member's profile page (/viewprofile/:id, SPEC §2 "Profile view"). */
export function ViewProfileRoute() {
  const { id = '' } = useParams();
  const viewerId = getStoredUserId() ?? '';
  return (
    <MemberLayout>
      {/* Keyed by id: moving to another member's profile starts from a clean page. */}
      <ProfileView key={id} userId={id} viewerId={viewerId} />
    </MemberLayout>
  );
}
