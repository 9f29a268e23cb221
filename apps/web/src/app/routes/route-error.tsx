import { PublicLayout } from '../../components/layout/public-layout';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import styles from './route-error.module.css';

/** Shown when a screen fails to render: a calm message and a way out instead of a blank page. */
export function RouteErrorPage() {
  return (
    <PublicLayout>
      <Card as="section" padding="lg" className={styles.page} role="alert">
        <h1>Something went wrong</h1>
        <p>Sorry, this page could not be shown. Please reload and try again.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Card>
    </PublicLayout>
  );
}
