import { feedToast, notify, toastAreaFor } from '../../components/ui/toasts';

/** Report and moderation toasts follow the screen they appear on, like the posts area's. */
export function moderationToast() {
  return toastAreaFor(window.location.pathname) === 'feed' ? feedToast : notify;
}
