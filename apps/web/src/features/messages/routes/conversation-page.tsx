import { useParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { getStoredUserId } from '../../../lib/storage';
import { ConversationView } from '../components/conversation-view';

/** /messages/:id — one conversation (the list is one step back, at /messages). */
export function ConversationPage() {
  const { id = '' } = useParams();
  return (
    <MemberLayout width="narrow">
      {/* Keyed by id: another conversation starts from a clean view. */}
      <ConversationView key={id} conversationId={id} viewerId={getStoredUserId()} />
    </MemberLayout>
  );
}
