import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginRoute } from '../features/auth/routes/login';
import { PhoneVerifyRoute } from '../features/auth/routes/phone-verify';
import { SignupRoute } from '../features/auth/routes/signup';
import { TwoFactorSetupRoute } from '../features/auth/routes/two-factor-setup';
import { TwoFactorVerifyRoute } from '../features/auth/routes/two-factor-verify';
import { VerifyOtpRoute } from '../features/auth/routes/verify-otp';
import { GuestOnlyRoute, MemberRoute } from './guards';
import { MemberShell } from './member-shell';
import { RootLayout } from './root-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

/** The member area (lazy chunks), each page inside MemberShell. */
const memberRoutes: RouteObject[] = [
  {
    path: '/feed',
    lazy: () => import('../features/feed/routes/feed').then((m) => ({ Component: m.FeedRoute })),
  },
  {
    path: '/viewprofile/:id',
    lazy: () =>
      import('../features/profile/routes/view-profile').then((m) => ({
        Component: m.ViewProfileRoute,
      })),
  },
  {
    path: '/profileedit/:id',
    lazy: () =>
      import('../features/profile/routes/profile-edit').then((m) => ({
        Component: m.ProfileEditRoute,
      })),
  },
  {
    path: '/view-all',
    lazy: () =>
      import('../features/search/routes/view-all').then((m) => ({
        Component: m.ViewAllRoute,
      })),
  },
];

/**
 * The route table of SPEC §2. The member area is loaded on demand (its own chunks), so the login
 * screen — the front door — stays small.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: '/', element: <LoginRoute /> },
          { path: '/signup', element: <SignupRoute /> },
        ],
      },
      // Verification pages: open to visitors.
      { path: '/verify-otp', element: <VerifyOtpRoute /> },
      { path: '/2fa-setup/:id', element: <TwoFactorSetupRoute /> },
      { path: '/2fa-verify/:id', element: <TwoFactorVerifyRoute /> },
      { path: '/phone-verify/:id', element: <PhoneVerifyRoute /> },
      {
        element: <MemberRoute />,
        // The shell gives every member page the settings dialog its menu opens.
        children: [{ element: <MemberShell />, children: memberRoutes }],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
