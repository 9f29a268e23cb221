import { feedToast, notify, toastAreaFor } from '../../components/ui/toasts';

/** Block and mute toasts follow the screen they appear on, like the posts area's (SPEC §9). */
export function blocksToast() {
  return toastAreaFor(window.location.pathname) === 'feed' ? feedToast : notify;
}
