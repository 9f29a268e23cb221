import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToastContainerProps, ToastOptions } from 'react-toastify';
import type * as ToastRuntime from './toast-runtime';

/**
 * Toasts (spec §2 "Notifications", §9 "Toast durations"): top-right, newest on top, with per-area
 * settings. One container lives at the app root so a toast survives the navigation that often follows
 * it ("Password accepted — enter your authenticator code", then the 2FA screen). A toast takes the
 * settings of the area it was raised in: the container's props follow the current area, and the
 * area helpers below pin them per toast.
 *
 * The library (react-toastify) is loaded on demand from ./toast-runtime.tsx, so pages that render
 * without a toast (the login screen, the first page most visitors see) do not wait for it. The
 * helpers below keep their order: each toast is shown once the library is there.
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

let runtime: Promise<typeof ToastRuntime> | undefined;
const onFirstLoad = new Set<() => void>();
/** The toast library, loaded once: when the first toast is raised, or once the page is idle. */
export const loadToastLibrary = () => {
  if (!runtime) {
    runtime = import('./toast-runtime');
    for (const listener of onFirstLoad) listener();
  }
  return runtime;
};

/** The longest the library waits for an idle moment before it loads anyway. */
const IDLE_LOAD_TIMEOUT_MS = 3_000;

/**
 * The one toast container. It renders nothing until the library has loaded (a toast raised before
 * then is queued by the library), which happens when the first toast is raised or else once the
 * page is idle: neither its download nor its start-up competes with the page's first paint.
 */
export function AppToastContainer({ area }: { area: ToastArea }) {
  const [Container, setContainer] = useState<ComponentType<{ area: ToastArea }> | null>(null);
  useEffect(() => {
    let mounted = true;
    const mount = () => {
      void loadToastLibrary().then((loaded) => {
        if (mounted) setContainer(() => loaded.ToastRuntimeContainer);
      });
    };
    if (runtime) {
      mount();
      return () => {
        mounted = false;
      };
    }
    onFirstLoad.add(mount);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => void loadToastLibrary(), {
            timeout: IDLE_LOAD_TIMEOUT_MS,
          })
        : undefined;
    return () => {
      mounted = false;
      onFirstLoad.delete(mount);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return Container ? <Container area={area} /> : null;
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

type Notify = (content: ReactNode, options?: ToastOptions) => void;

interface AreaToast {
  success: Notify;
  error: Notify;
  info: Notify;
  warning: Notify;
}

function show(kind: ToastKind, content: ReactNode, options: ToastOptions): void {
  void loadToastLibrary().then((runtime) => runtime.showToast(kind, content, options));
}

/**
 * Takes every error toast away: once a step succeeds (a code is accepted), an earlier "Invalid
 * verification code. 4 attempts left." would only mislead.
 */
export function dismissErrorToasts(): void {
  void loadToastLibrary().then((runtime) => runtime.dismissErrors());
}

function areaToast(base: ToastOptions, successOverrides: ToastOptions = {}): AreaToast {
  return {
    success: (content, options) =>
      show('success', content, { ...base, ...successOverrides, ...options }),
    error: (content, options) => show('error', content, { ...base, ...options }),
    info: (content, options) => show('info', content, { ...base, ...options }),
    warning: (content, options) => show('warning', content, { ...base, ...options }),
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
