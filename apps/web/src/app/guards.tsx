import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { getStoredUserId } from '../lib/storage';

/**
 * Route guards (SPEC §2 route table, §6). They read the stored userId when a route is entered; they
 * do not watch storage, so a screen that stores the id mid-flow (sign-up, login) is not yanked away.
 * The server remains the authority: a stale id meets a 401 and the unauthorized handler clears it.
 */

/** `/` and `/signup`: only without a stored userId; members go to the feed. */
export function GuestOnlyRoute() {
  return getStoredUserId() ? <Navigate to={paths.feed()} replace /> : <Outlet />;
}

/** Member pages: need a stored userId; otherwise to `/`, remembering where the visitor was going. */
export function MemberRoute() {
  const location = useLocation();
  if (getStoredUserId()) return <Outlet />;
  const from = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={paths.login()} replace state={{ from }} />;
}
