import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions of the pages visited in this tab, by history entry. */
const positions = new Map<string, number>();

/**
 * What React Router's ScrollRestoration did, for its declarative mode: a new page starts at the
 * top (or at its `#hash` target), and Back/Forward return to where the member was on that entry.
 */
export function ScrollOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousKey = useRef(location.key);

  useLayoutEffect(() => {
    if (previousKey.current === location.key) return;
    previousKey.current = location.key;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  useLayoutEffect(() => {
    const key = location.key;
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  return null;
}
