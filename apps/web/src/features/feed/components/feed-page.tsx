import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MemberHeader } from '../../../components/layout/member-header';
import { MemberLayout } from '../../../components/layout/member-layout';
import { useMyEntitlements } from '../../plans';
import { CreatePostButton, PostFeed, type FeedSource } from '../../posts';
import { AdvertiseCard } from './advertise-card';
import { FeedFooterContent } from './feed-footer';
import { FeedTabs, type FeedTab } from './feed-tabs';
import styles from './feed-page.module.css';

export interface FeedPageProps {
  /** The header's search box (features/search), placed in the middle of the bar. */
  searchBox?: ReactNode;
}

const SOURCES: Record<FeedTab, FeedSource> = {
  general: { kind: 'general' },
  following: { kind: 'following' },
};

/** `?tab=following` opens People You Follow; anything else is General (SPEC §2). */
export function tabFromSearch(params: URLSearchParams): FeedTab {
  return params.get('tab') === 'following' ? 'following' : 'general';
}

/**
 * The home feed (SPEC §2 "Feed"): header (brand, search, greeting, Logout), the General / People You
 * Follow tabs with the posts, the advertising card on the right (below the feed on small screens).
 * The menu on the left, and on small screens the bottom bar and the menu dialog, come with
 * MemberLayout like on every member page.
 */
export function FeedPage({ searchBox }: FeedPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams);

  const selectTab = (next: FeedTab) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'following') params.set('tab', 'following');
        else params.delete('tab');
        return params;
      },
      { replace: true },
    );
  };

  const header = <MemberHeader>{searchBox}</MemberHeader>;
  // The advertising card is for plans with ads (the member's entitlements); none until known, so
  // an ad-free member never sees it flash.
  const showsAds = useMyEntitlements().data?.entitlements.adsShown === true;

  return (
    <MemberLayout header={header} footer={<FeedFooterContent />} width="wide">
      <div className={styles.feedLayout}>
        <div className={styles.feedLayoutMain}>
          <div className={styles.feedHeading}>
            <h1 className={styles.feedHeadingTitle}>Home</h1>
            {/* A new post shows in General (the following tab holds others' posts only). */}
            <CreatePostButton onCreated={() => selectTab('general')} />
          </div>
          <FeedTabs selected={tab} onSelect={selectTab}>
            <PostFeed key={tab} source={SOURCES[tab]} />
          </FeedTabs>
        </div>

        {showsAds ? (
          <aside className={styles.feedLayoutAside} aria-label="Advertising">
            <AdvertiseCard />
          </aside>
        ) : null}
      </div>
    </MemberLayout>
  );
}
