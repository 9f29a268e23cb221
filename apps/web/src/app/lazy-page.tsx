import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { useTellPageShown } from './page-shown';
import { RouteLoading } from './routes/route-loading';

/** A page loaded on demand; `load()` fetches its module and gives the page itself. */
export type LazyPage = (() => ReactElement) & { load: () => Promise<ComponentType> };

/**
 * A route's page from a module fetched when the route is first shown: its
 * `export function <name>` is the page, with the loading spinner in its place until it arrives.
 * The app's router is React Router's declarative mode (lighter than the data router on the
 * front door), whose routes take components, not `lazy`, so a page is a React.lazy component.
 */
export function lazyPage<K extends string>(
  loadModule: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyPage {
  const load = (): Promise<ComponentType> => loadModule().then((module) => module[name]);
  const Page = lazy(() => load().then((component) => ({ default: component })));
  function LazyRoutePage() {
    return (
      <Suspense fallback={<RouteLoading />}>
        <Page />
        <PageShown />
      </Suspense>
    );
  }
  return Object.assign(LazyRoutePage, { load });
}

/** Inside the page's Suspense boundary: its effect runs once the page itself has been committed. */
function PageShown() {
  useTellPageShown();
  return null;
}
