import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppToastContainer, toastAreaFor } from '../components/ui/toasts';

/** Wraps every route: the page, the one toast container (settings per area), scroll restoration. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Outlet />
      <AppToastContainer area={toastAreaFor(pathname)} />
      <ScrollRestoration />
    </>
  );
}
