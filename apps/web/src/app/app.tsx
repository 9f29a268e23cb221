import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { installUnauthorizedRedirect } from './unauthorized';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(
    () => installUnauthorizedRedirect((to, options) => router.navigate(to, options)),
    [router],
  );
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
