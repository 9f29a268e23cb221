import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MemberHeader } from '../../../components/layout/member-header';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { limitMessageOr } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { SEARCH_PAGE_SIZE, useMemberSearch } from '../api/search-members';
import { SearchBox, SEARCH_TEXTS, SuggestionAvatar } from '../components/search-box';
import { readViewAllState, type ViewAllState } from '../navigation-state';
import { clsx } from 'clsx';
import styles from './view-all.module.css';

/**
 * All search results, 10 a page (/view-all, SPEC §2): the navigation state carries the query, the
 * total, the first suggestions and the current page; Previous / Next fetch the other pages and keep
 * the page in the state (so a reload or coming back shows the same page).
 */
export function ViewAllRoute() {
  const location = useLocation();
  const state = readViewAllState(location.state);
  return (
    // The search box stays at hand to refine the search; a new one replaces these results.
    <MemberLayout
      header={
        <MemberHeader>
          <SearchBox />
        </MemberHeader>
      }
    >
      <div className={styles.viewAll}>
        {state ? (
          <Results key={state.query} state={state} />
        ) : (
          <Card as="section" padding="lg">
            <h1>Search results</h1>
            <p>Use the search box to find members by name.</p>
            <Link to={paths.feed()}>Back to Feed</Link>
          </Card>
        )}
      </div>
    </MemberLayout>
  );
}

function Results({ state }: { state: ViewAllState }) {
  const navigate = useNavigate();
  const location = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const { query, currentPage } = state;
  // The dropdown's suggestions are page 1 already (same page size): no need to ask again.
  const initialData =
    currentPage === 1 && state.suggestions.length > 0
      ? { suggestions: state.suggestions, totalCount: state.totalCount, totalCountCapped: false }
      : undefined;
  const search = useMemberSearch(query, currentPage, { initialData, keepPrevious: true });
  const totalCount = search.data?.totalCount ?? state.totalCount;
  const pageCount = Math.max(1, Math.ceil(totalCount / SEARCH_PAGE_SIZE));
  const results = search.data?.suggestions ?? [];
  const first = (currentPage - 1) * SEARCH_PAGE_SIZE + 1;
  const last = first + results.length - 1;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [currentPage]);

  const goToPage = (page: number) => {
    moved.current = true;
    navigate(location.pathname, {
      replace: true,
      state: { ...state, totalCount, currentPage: page } satisfies ViewAllState,
    });
  };

  return (
    <Card as="section" padding="lg" aria-labelledby="view-all-heading">
      <h1 id="view-all-heading" ref={headingRef} tabIndex={-1} className={styles.viewAllHeading}>
        Results for “{query}”
      </h1>
      <p className={styles.viewAllSummary} aria-live="polite">
        {search.isPending
          ? SEARCH_TEXTS.loading
          : totalCount === 0
            ? SEARCH_TEXTS.noResults
            : `Showing ${first}–${last} of ${totalCount} ${totalCount === 1 ? 'member' : 'members'}`}
      </p>

      {search.isError && !search.data ? (
        <Alert tone="error">{limitMessageOr(search.error, SEARCH_TEXTS.failed)}</Alert>
      ) : null}
      {search.isPending ? (
        <div className={styles.viewAllLoading}>
          <Spinner label="Loading results" />
        </div>
      ) : results.length > 0 ? (
        <ul
          className={clsx(styles.viewAllList, search.isPlaceholderData && styles.viewAllListStale)}
        >
          {results.map((member) => (
            <li key={member._id} className={styles.viewAllItem}>
              <SuggestionAvatar member={member} />
              <Link to={paths.viewProfile(member._id)} className={styles.viewAllName}>
                {member.firstName} {member.lastName}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      {pageCount > 1 ? (
        <nav className={styles.viewAllPager} aria-label="Result pages">
          <Button
            variant="secondary"
            onClick={() => goToPage(currentPage - 1)}
            disabled={currentPage <= 1 || search.isFetching}
          >
            Previous
          </Button>
          <span className={styles.viewAllPage} aria-current="page">
            Page {currentPage} of {pageCount}
          </span>
          <Button
            variant="secondary"
            onClick={() => goToPage(currentPage + 1)}
            disabled={currentPage >= pageCount || search.isFetching}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
