import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import styles from './paged-list.module.css';

/** What the list needs of an infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export interface PagedListProps {
  query: PagedQuery;
  /** The rows (`<li>`s) of the pages loaded so far. */
  rows: ReactNode[];
  /** Names the list (and its spinner). */
  label: string;
  empty: string;
  failed: string;
}

/** One list of the Matches page: loading, failure (with Try again), empty, or rows and "Load more". */
export function PagedList({ query, rows, label, empty, failed }: PagedListProps) {
  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label={`Loading ${label.toLowerCase()}`} />
      </div>
    );
  }
  if (query.isError && rows.length === 0) {
    return (
      <Alert tone="error">
        {failed}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {rows}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          fullWidth
          className={styles.more}
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </>
  );
}
