import { Spinner } from '../../components/ui/spinner';
import styles from './route-loading.module.css';

/** Shown while a screen's code is fetched on first load. */
export function RouteLoading() {
  return (
    <div className={styles.loading}>
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}
