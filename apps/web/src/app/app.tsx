import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { AppRoutes } from './router';
import { installUnauthorizedRedirect } from './unauthorized';

/** A 401 on a member page returns to the login screen (./unauthorized.ts). */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => installUnauthorizedRedirect((to, options) => navigate(to, options)), [navigate]);
  return null;
}

/**
 * React Router's declarative mode: its data router (loaders, actions) is twice the size and the
 * app uses none of it. The server-state cache comes with the first page that needs it
 * (./server-state-layout.tsx).
 */
export function App() {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <AppRoutes />
    </BrowserRouter>
  );
}
