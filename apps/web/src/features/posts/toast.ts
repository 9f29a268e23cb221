import { feedToast, notify, toastAreaFor } from '../../components/ui/toasts';

/**
 * The toasts of the posts area follow the screen they appear on (SPEC §9): on the feed 4 s (2 s for
 * successes); elsewhere, e.g. a profile's posts, the library defaults.
 */
export function postsToast() {
  return toastAreaFor(window.location.pathname) === 'feed' ? feedToast : notify;
}
