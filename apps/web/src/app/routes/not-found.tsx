import { Link } from 'react-router';
import { PublicLayout } from '../../components/layout/public-layout';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';
import { buttonClassName } from '../../components/ui/button';
import styles from './not-found.module.css';

/** Any unknown path (SPEC §2): a not-found page with a Back to Feed link. */
export function NotFoundRoute() {
  return (
    <PublicLayout>
      <Card as="section" padding="lg" className={styles.page}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Link className={buttonClassName()} to={paths.feed()}>
          Back to Feed
        </Link>
      </Card>
    </PublicLayout>
  );
}
