import { MemberLayout } from '../../../components/layout/member-layout';
import { Card } from '../../../components/ui/card';

/** All search results, paged (/view-all). */
export function ViewAllRoute() {
  return (
    <MemberLayout>
      <h1>Search results</h1>
      <Card as="section">
        <p>Members matching your search appear here.</p>
      </Card>
    </MemberLayout>
  );
}
