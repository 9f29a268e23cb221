import { DISCOVER_MESSAGES, MATCH_MESSAGES, type DiscoverMember } from '@kindred/contracts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toasts';
import { useNextPageOnScroll } from '../../../hooks/use-next-page-on-scroll';
import { ApiError, messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import {
  MatchDialog,
  offerUpgrade,
  useLikeMember,
  usePassMember,
  type NewMatch,
} from '../../matches';
import { useMyEntitlements } from '../../plans';
import { useDiscoverMembers, useRemoveDiscoverMember } from '../api/discover-members';
import { BoostPanel } from '../components/boost-panel';
import { DiscoverCard } from '../components/discover-card';
import { DiscoverFiltersForm } from '../components/discover-filters';
import {
  filtersFromSearch,
  filtersToQuery,
  usesAdvancedFilters,
  type DiscoverFilters,
} from '../filters';
import styles from './discover-page.module.css';

/** "12 likes left today"; null when the plan has no daily cap. */
function likesLeftText(remaining: number | null): string {
  if (remaining === null) return 'Unlimited likes';
  return `${remaining} ${remaining === 1 ? 'like' : 'likes'} left today`;
}

/**
 * /discover: members near the viewer, filtered (the filters live in the page's address), best
 * first, more loading as the end scrolls into view (and with "Load more"). Like and Pass take a
 * card away; a like that matches opens "It's a match!".
 */
export function DiscoverPage() {
  const [search, setSearch] = useSearchParams();
  const searchText = search.toString();
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(searchText)), [searchText]);
  const entitlements = useMyEntitlements();
  const advancedAllowed = entitlements.data?.entitlements.advancedFilters;
  const [remainingToday, setRemainingToday] = useState<number | null | undefined>(undefined);
  const [newMatch, setNewMatch] = useState<NewMatch | null>(null);

  const apply = (next: DiscoverFilters) => {
    if (usesAdvancedFilters(next) && advancedAllowed === false) {
      offerUpgrade('advancedFilters');
      return;
    }
    setSearch(filtersToQuery(next));
  };

  const likesLimit = entitlements.data?.entitlements.profileLikesPerDay;
  const likesLeft =
    remainingToday !== undefined ? remainingToday : likesLimit === null ? null : undefined;

  return (
    <MemberLayout>
      <div className={styles.page}>
        <div className={styles.top}>
          <h1 className={styles.title}>Discover</h1>
          <BoostPanel />
        </div>
        <div className={styles.columns}>
          <Card as="aside" padding="md" className={styles.filters} aria-label="Discover filters">
            <DiscoverFiltersForm
              filters={filters}
              advancedAllowed={advancedAllowed}
              onApply={apply}
            />
          </Card>
          <section className={styles.results} aria-labelledby="discover-results-title">
            <div className={styles.resultsHead}>
              <h2 id="discover-results-title" className="visually-hidden">
                Members near you
              </h2>
              {likesLeft !== undefined ? (
                <p className={styles.likesLeft} role="status">
                  {likesLeftText(likesLeft)}
                </p>
              ) : null}
            </div>
            <DiscoverResults
              filters={filters}
              onLiked={(member, matched, remaining) => {
                setRemainingToday(remaining);
                if (matched) {
                  setNewMatch({
                    _id: member._id,
                    firstName: member.firstName,
                    photo: member.photo,
                  });
                }
              }}
              onLikeLimit={() => setRemainingToday(0)}
            />
          </section>
        </div>
      </div>
      <MatchDialog match={newMatch} onClose={() => setNewMatch(null)} />
    </MemberLayout>
  );
}

function DiscoverResults({
  filters,
  onLiked,
  onLikeLimit,
}: {
  filters: DiscoverFilters;
  onLiked: (member: DiscoverMember, matched: boolean, remainingToday: number | null) => void;
  onLikeLimit: () => void;
}) {
  const list = useDiscoverMembers(filters);
  const remove = useRemoveDiscoverMember(filters);
  const like = useLikeMember();
  const pass = usePassMember();
  const [busy, setBusy] = useState<{ userId: string; action: 'like' | 'pass' } | null>(null);
  const sentinelRef = useNextPageOnScroll(list);
  const members = list.data?.pages.flatMap((page) => page.members) ?? [];

  const onLike = (member: DiscoverMember) => {
    setBusy({ userId: member._id, action: 'like' });
    like.mutate(member._id, {
      onSuccess: (response) => {
        remove(member._id);
        onLiked(member, response.matched, response.remainingToday);
      },
      onError: (error) => {
        // The day's likes are used up: the upgrade dialog opens by itself (member shell).
        if (error instanceof ApiError && error.code === 'PLAN_LIMIT') onLikeLimit();
        else notify.error(messageOf(error, MATCH_MESSAGES.likeFailed));
      },
      onSettled: () => setBusy(null),
    });
  };
  const onPass = (member: DiscoverMember) => {
    setBusy({ userId: member._id, action: 'pass' });
    pass.mutate(member._id, {
      onSuccess: () => remove(member._id),
      onError: (error) => notify.error(messageOf(error, MATCH_MESSAGES.passFailed)),
      onSettled: () => setBusy(null),
    });
  };

  if (list.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading members near you" />
      </div>
    );
  }
  if (list.isError && members.length === 0) {
    const refused = list.error instanceof ApiError && list.error.code === 'PLAN_LIMIT';
    return (
      <Alert tone="error">
        {refused
          ? 'Your plan does not include these filters. Clear the advanced filters, or upgrade.'
          : messageOf(list.error, DISCOVER_MESSAGES.loadFailed)}{' '}
        {refused ? null : (
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  if (members.length === 0 && !list.hasNextPage) {
    return (
      <div className={styles.empty}>
        <p>{DISCOVER_MESSAGES.noneFound}</p>
        <p>
          Already liked someone? See them on <Link to={paths.matches()}>Matches</Link>.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.grid} aria-label="Members near you">
        {members.map((member) => (
          <li key={member._id}>
            <DiscoverCard
              member={member}
              busy={busy?.userId === member._id ? busy.action : null}
              onLike={() => onLike(member)}
              onPass={() => onPass(member)}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} />
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          fullWidth
          className={styles.more}
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </>
  );
}
