import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { LazyPage } from '../app/lazy-page';
import { createQueryClient } from '../app/providers';
import { routes } from '../app/router';
import { isMemberPath } from '../lib/paths';

/**
 * The account pages (sign-up, verification, 2FA) and the server-state layout around them are loaded
 * on demand in the app; tests of those screens read them on the first render, as a visitor sees
 * them once loaded, so the table used here has them loaded up front. Member pages stay lazy (their
 * tests wait for them).
 */
async function withAccountPagesLoaded(table: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async (route) => {
      const children = route.children ? await withAccountPagesLoaded(route.children) : undefined;
      const page = route.Component as Partial<LazyPage> | null | undefined;
      if (typeof page?.load !== 'function' || (route.path && isMemberPath(route.path))) {
        return { ...route, children } as RouteObject;
      }
      return { ...route, Component: await page.load(), children } as RouteObject;
    }),
  );
}

const appRoutes = await withAccountPagesLoaded(routes);

/** Renders the real route table (guards, layouts, toasts) at `path`, in memory. */
export function renderApp(path: string, options: { routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, pathname: () => router.state.location.pathname };
}

export { mockApi, type ApiCall, type Reply } from './api';
