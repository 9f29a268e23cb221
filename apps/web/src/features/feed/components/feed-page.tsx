import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MemberHeader } from '../../../components/layout/member-header';
import { MemberLayout } from '../../../components/layout/member-layout';
import { getStoredUserId } from '../../../lib/storage';
import { CreatePostButton, PostFeed, type FeedSource } from '../../posts';
import '../feed.css';
import { AdvertiseCard } from './advertise-card';
import { BottomNav } from './bottom-nav';
import { FeedFooterContent } from './feed-footer';
import { FeedMenu } from './feed-menu';
import { FeedTabs, type FeedTab } from './feed-tabs';
import { MenuIcon } from './icons';
import { MobileMenu } from './mobile-menu';

export interface FeedPageProps {
  /** The header's search box (features/search), placed in the middle of the bar. */
  searchBox?: ReactNode;
  /** Opens the settings modal (features/settings); the menus' Settings item calls it. */
  onOpenSettings?: () => void;
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
 * The home feed (SPEC §2 "Feed"): header (brand, search, greeting, Logout), the menu on the left,
 * the General / People You Follow tabs with the posts in the middle, the advertising card on the
 * right (below the feed on small screens), and on small screens a bottom bar and a menu dialog.
 */
export function FeedPage({ searchBox, onOpenSettings }: FeedPageProps) {
  const [myId] = useState(getStoredUserId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [menuOpen, setMenuOpen] = useState(false);
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

  const header = (
    <MemberHeader
      actions={
        <button
          type="button"
          className="feed-menu-button"
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
      }
    >
      {searchBox}
    </MemberHeader>
  );

  return (
    <MemberLayout header={header} footer={<FeedFooterContent />} width="wide">
      <div className="feed-layout">
        <aside className="feed-layout__menu">
          <FeedMenu myId={myId} onOpenSettings={onOpenSettings} />
        </aside>

        <div className="feed-layout__main">
          <div className="feed-heading">
            <h1 className="feed-heading__title">Home</h1>
            {/* A new post shows in General (the following tab holds others' posts only). */}
            <CreatePostButton onCreated={() => selectTab('general')} />
          </div>
          <FeedTabs selected={tab} onSelect={selectTab}>
            <PostFeed key={tab} source={SOURCES[tab]} />
          </FeedTabs>
        </div>

        <aside className="feed-layout__aside" aria-label="Advertising">
          <AdvertiseCard />
        </aside>
      </div>

      <BottomNav myId={myId} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        myId={myId}
        onOpenSettings={onOpenSettings}
      />
    </MemberLayout>
  );
}
