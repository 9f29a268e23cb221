import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { LikesYouSection } from '../components/likes-you-section';
import { MatchDialog, type NewMatch } from '../components/match-dialog';
import { MatchesList } from '../components/matches-list';
import { VisitorsSection } from '../components/visitors-section';
import styles from './matches-page.module.css';

/**
 * /matches: the viewer's matches (Message, Unmatch), the members who like them (or, without the
 * plan, how many and the upgrade) and who visited their profile.
 */
export function MatchesPage() {
  const [newMatch, setNewMatch] = useState<NewMatch | null>(null);
  return (
    <MemberLayout>
      <div className={styles.page}>
        <h1 className={styles.title}>Matches</h1>
        <Section title="Your matches">
          <MatchesList />
        </Section>
        <Section title="Likes you">
          <LikesYouSection onMatch={setNewMatch} />
        </Section>
        <Section title="Visitors">
          <VisitorsSection />
        </Section>
        <p className={styles.more}>
          Looking for more people? <Link to={paths.discover()}>Open Discover</Link>
        </p>
      </div>
      <MatchDialog match={newMatch} onClose={() => setNewMatch(null)} />
    </MemberLayout>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card as="section" padding="lg" aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </Card>
  );
}
