import { Outlet } from 'react-router';
import { AppProviders } from './providers';

/**
 * Every page but the login screen: the server-state cache (TanStack Query) around them. A route
 * module of its own, loaded with the first page that needs it, so the front door carries none of it.
 * Leaving the area (to the login screen: signed out) drops the cache with it.
 */
export function ServerStateLayout() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
