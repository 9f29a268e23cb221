import { Outlet, useLocation } from 'react-router';
import { AppToastContainer, toastAreaFor } from '../components/ui/toasts';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScrollOnNavigation } from './scroll-on-navigation';

/** Wraps every route: the page (an error page if it fails), the one toast container (settings per area), scroll restoration. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary pathname={pathname}>
        <Outlet />
      </RouteErrorBoundary>
      <AppToastContainer area={toastAreaFor(pathname)} />
      <ScrollOnNavigation />
    </>
  );
}
