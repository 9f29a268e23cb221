import type { ReactNode } from 'react';
import {
  ToastContainer,
  toast,
  type Id,
  type ToastContainerProps,
  type ToastOptions,
} from 'react-toastify';

/**
 * Toasts (spec §2 "Notifications", §9 "Toast durations"): top-right, newest on top, with per-area
 * settings. One container lives at the app root so a toast survives the navigation that often follows
 * it ("Password accepted — enter your authenticator code", then the 2FA screen). A toast takes the
 * settings of the area it was raised in: the container's props follow the current area, and the
 * area helpers below pin them per toast.
 */
export type ToastArea = 'auth' | 'feed' | 'default';

type AreaSettings = Pick<ToastContainerProps, 'autoClose' | 'theme' | 'limit'>;

export const TOAST_AREA_SETTINGS: Record<ToastArea, AreaSettings> = {
  /** Login and sign-up pages: 3000 ms, dark. */
  auth: { autoClose: 3_000, theme: 'dark' },
  /** Feed: 4 s by default and for errors (2 s for successes, see feedToast), at most 20 kept. */
  feed: { autoClose: 4_000, theme: 'light', limit: 20 },
  /** Everywhere else: the library's defaults. */
  default: { autoClose: 5_000, theme: 'light' },
};

export const FEED_SUCCESS_AUTO_CLOSE_MS = 2_000;

export function toastAreaFor(pathname: string): ToastArea {
  if (pathname === '/' || pathname === '/signup' || pathname === '/signup/') return 'auth';
  if (/^\/feed\/?$/.test(pathname)) return 'feed';
  return 'default';
}

export function AppToastContainer({ area }: { area: ToastArea }) {
  return (
    <ToastContainer
      position="top-right"
      newestOnTop
      pauseOnHover
      pauseOnFocusLoss
      draggablePercent={80}
      closeOnClick
      {...TOAST_AREA_SETTINGS[area]}
    />
  );
}

type Notify = (content: ReactNode, options?: ToastOptions) => string | number;

interface AreaToast {
  success: Notify;
  error: Notify;
  info: Notify;
  warning: Notify;
}

/** Error toasts still on screen, so a later success can take them away. */
const errorToastIds = new Set<Id>();
toast.onChange((item) => {
  if (item.status === 'removed') errorToastIds.delete(item.id);
});

/**
 * Takes every error toast away: once a step succeeds (a code is accepted), an earlier "Invalid
 * verification code. 4 attempts left." would only mislead.
 */
export function dismissErrorToasts(): void {
  for (const id of errorToastIds) toast.dismiss(id);
  errorToastIds.clear();
}

function areaToast(base: ToastOptions, successOverrides: ToastOptions = {}): AreaToast {
  return {
    success: (content, options) =>
      toast.success(content, { ...base, ...successOverrides, ...options }),
    error: (content, options) => {
      const id = toast.error(content, { ...base, ...options });
      errorToastIds.add(id);
      return id;
    },
    info: (content, options) => toast.info(content, { ...base, ...options }),
    warning: (content, options) => toast.warning(content, { ...base, ...options }),
  };
}

/** For the login and sign-up pages: 3000 ms, dark (kept after navigating away). */
export const authToast = areaToast({ autoClose: 3_000, theme: 'dark' });

/** For the feed: 4 s for errors and by default, 2 s for successes. */
export const feedToast = areaToast(
  { autoClose: 4_000, theme: 'light' },
  { autoClose: FEED_SUCCESS_AUTO_CLOSE_MS },
);

/** Everywhere else: library defaults (5000 ms, light). */
export const notify = areaToast({ autoClose: 5_000, theme: 'light' });
