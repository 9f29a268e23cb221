import { api } from './api-client';
import { clearStoredSession } from './storage';

/**
 * Signs the member out (spec §4 "Logout"): tells the API, then clears local and session storage and
 * reloads to the login screen even when the call failed (offline, session already gone).
 * Also used after disabling or deleting the account.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/users/logout');
  } catch {
    // The local session ends regardless.
  }
  endLocalSession();
}

/** Clears the stored session and reloads at the login screen, without calling the API. */
export function endLocalSession(): void {
  clearStoredSession();
  window.location.replace('/');
}
