import { Spinner } from '../../../components/ui/spinner';
import styles from './page-loading.module.css';

/** A large spinner in the middle of the page while a profile loads. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
