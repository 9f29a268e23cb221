import { setUnauthorizedHandler } from '../lib/api-client';
import { isMemberPath, paths } from '../lib/paths';
import { clearStoredSession } from '../lib/storage';

type Navigate = (to: string, options: { replace: boolean; state: { from: string } }) => unknown;

/**
 * A 401 on a member page means the session is gone (expired, logged out elsewhere, account
 * disabled): clear the stored session and return to the login screen, remembering the page.
 * Account-entry screens handle their own 401s (wrong password, wrong code), so they are left alone.
 */
export function installUnauthorizedRedirect(navigate: Navigate): () => void {
  setUnauthorizedHandler(() => {
    const { pathname, search, hash } = window.location;
    if (!isMemberPath(pathname)) return;
    clearStoredSession();
    void navigate(paths.login(), { replace: true, state: { from: `${pathname}${search}${hash}` } });
  });
  return () => setUnauthorizedHandler(undefined);
}
