import { useParams } from 'react-router';
import { MemberHeader } from '../../../components/layout/member-header';
import { MemberLayout } from '../../../components/layout/member-layout';
import { getStoredUserId } from '../../../lib/storage';
import { SearchBox } from '../../search';
import { ProfileView } from '../components/profile-view';

/**
 * A member's profile page (/viewprofile/:id, SPEC §2 "Profile view"), with the member search box in
 * the header as on the feed and /view-all, so one profile leads on to finding the next member.
 */
export function ViewProfileRoute() {
  const { id = '' } = useParams();
  const viewerId = getStoredUserId() ?? '';
  return (
    <MemberLayout
      header={
        <MemberHeader>
          <SearchBox />
        </MemberHeader>
      }
    >
      {/* Keyed by id: moving to another member's profile starts from a clean page. */}
      <ProfileView key={id} userId={id} viewerId={viewerId} />
    </MemberLayout>
  );
}
