import { createContext, useContext, useEffect, useState } from 'react';

/**
 * Told once a lazy page has rendered its content (not its loading spinner): what the member came
 * for is on screen, so work that is not (the live connection, unread counts, dialogs waiting for an
 * event) may start without competing with it for the network and the main thread.
 */
export const PageShownContext = createContext<(() => void) | null>(null);

/** Tells the nearest PageShownContext, after the commit that showed the page. */
export function useTellPageShown(): void {
  const tell = useContext(PageShownContext);
  useEffect(() => tell?.(), [tell]);
}

/**
 * Whether the page is on screen and the browser has had an idle moment since (or `fallbackMs` has
 * passed, should no page ever say so): then the work that can wait may begin.
 */
export function useAfterPageShown(fallbackMs: number): {
  ready: boolean;
  pageShown: () => void;
} {
  const [shown, setShown] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const fallback = window.setTimeout(() => setReady(true), fallbackMs);
    return () => window.clearTimeout(fallback);
  }, [fallbackMs]);
  useEffect(() => {
    if (!shown || ready) return;
    // A browser without requestIdleCallback (Safari) waits one macrotask, after the paint.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setReady(true), 0);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => setReady(true), { timeout: 1_000 });
    return () => window.cancelIdleCallback(idle);
  }, [shown, ready]);
  const [pageShown] = useState(() => () => setShown(true));
  return { ready, pageShown };
}
