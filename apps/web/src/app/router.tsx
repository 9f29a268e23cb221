import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LoginRoute } from '../features/auth/routes/login';
import { GuestOnlyRoute, MemberRoute } from './guards';
import { lazyPage, type LazyPage } from './lazy-page';
import { MemberShell } from './member-shell';
import { RootLayout } from './root-layout';
import { NotFoundRoute } from './routes/not-found';

/** The member area (lazy chunks), each page inside MemberShell. */
const memberRoutes: RouteObject[] = [
  {
    path: '/feed',
    Component: lazyPage(() => import('../features/feed/routes/feed'), 'FeedRoute'),
  },
  {
    path: '/viewprofile/:id',
    Component: lazyPage(
      () => import('../features/profile/routes/view-profile'),
      'ViewProfileRoute',
    ),
  },
  {
    path: '/profileedit/:id',
    Component: lazyPage(
      () => import('../features/profile/routes/profile-edit'),
      'ProfileEditRoute',
    ),
  },
  {
    path: '/view-all',
    Component: lazyPage(() => import('../features/search/routes/view-all'), 'ViewAllRoute'),
  },
  {
    path: '/notifications',
    Component: lazyPage(
      () => import('../features/notifications/routes/notifications-page'),
      'NotificationsPage',
    ),
  },
  {
    path: '/messages',
    Component: lazyPage(() => import('../features/messages/routes/messages-page'), 'MessagesPage'),
  },
  {
    path: '/messages/:id',
    Component: lazyPage(
      () => import('../features/messages/routes/conversation-page'),
      'ConversationPage',
    ),
  },
  {
    path: '/discover',
    Component: lazyPage(() => import('../features/discover/routes/discover-page'), 'DiscoverPage'),
  },
  {
    path: '/matches',
    Component: lazyPage(() => import('../features/matches/routes/matches-page'), 'MatchesPage'),
  },
  {
    path: '/posts/:postId',
    Component: lazyPage(() => import('../features/posts/routes/post-page'), 'PostPage'),
  },
  {
    // The test-mode payments provider's checkout page (features/billing).
    path: '/checkout/test/:sessionId',
    Component: lazyPage(
      () => import('../features/billing/routes/test-checkout-page'),
      'TestCheckoutPage',
    ),
  },
  {
    path: '/moderation',
    Component: lazyPage(
      () => import('../features/moderation/routes/moderation-page'),
      'ModerationPage',
    ),
  },
  {
    path: '/settings',
    Component: lazyPage(() => import('../features/settings/routes/settings-page'), 'SettingsPage'),
    children: [
      { index: true, element: <Navigate to="account" replace /> },
      {
        path: 'account',
        Component: lazyPage(
          () => import('../features/settings/sections/account'),
          'AccountSection',
        ),
      },
      {
        path: 'security',
        Component: lazyPage(
          () => import('../features/settings/sections/security'),
          'SecuritySection',
        ),
      },
      {
        path: 'sessions',
        Component: lazyPage(
          () => import('../features/settings/sections/sessions'),
          'SessionsSection',
        ),
      },
      {
        path: 'privacy',
        Component: lazyPage(
          () => import('../features/settings/sections/privacy'),
          'PrivacySection',
        ),
      },
      {
        path: 'notifications',
        Component: lazyPage(
          () => import('../features/settings/sections/notifications'),
          'NotificationsSection',
        ),
      },
      {
        path: 'plan',
        Component: lazyPage(
          () => import('../features/billing/routes/plan-settings'),
          'PlanSettingsSection',
        ),
      },
      {
        path: 'blocked',
        Component: lazyPage(
          () => import('../features/settings/sections/blocked'),
          'BlockedSection',
        ),
      },
      {
        path: 'photo-verification',
        Component: lazyPage(
          () => import('../features/photo-verification/routes/verify-photos-section'),
          'VerifyPhotosSection',
        ),
      },
    ],
  },
];

/**
 * The route table of SPEC §2. The login screen — the front door — is in the entry chunk; every other
 * page is loaded on demand (its own chunks) inside ServerStateLayout, the server-state cache, which
 * loads with the first of them: the front door carries only what it uses. (scripts/bundle-report.mjs
 * reads this table: a page's `lazyPage(() => import(…))` follows its `path`, and every lazy page
 * loads the lazy layouts too.)
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [{ path: '/', element: <LoginRoute /> }],
      },
      { path: '*', element: <NotFoundRoute /> },
      {
        Component: lazyPage(() => import('./server-state-layout'), 'ServerStateLayout'),
        children: [
          {
            element: <GuestOnlyRoute />,
            children: [
              {
                path: '/signup',
                Component: lazyPage(() => import('../features/auth/routes/signup'), 'SignupRoute'),
              },
              {
                path: '/forgot-password',
                Component: lazyPage(
                  () => import('../features/auth/routes/forgot-password'),
                  'ForgotPasswordRoute',
                ),
              },
            ],
          },
          // Verification pages: open to visitors.
          {
            path: '/verify-otp',
            Component: lazyPage(
              () => import('../features/auth/routes/verify-otp'),
              'VerifyOtpRoute',
            ),
          },
          {
            path: '/2fa-setup/:id',
            Component: lazyPage(
              () => import('../features/auth/routes/two-factor-setup'),
              'TwoFactorSetupRoute',
            ),
          },
          {
            path: '/2fa-verify/:id',
            Component: lazyPage(
              () => import('../features/auth/routes/two-factor-verify'),
              'TwoFactorVerifyRoute',
            ),
          },
          {
            path: '/phone-verify/:id',
            Component: lazyPage(
              () => import('../features/auth/routes/phone-verify'),
              'PhoneVerifyRoute',
            ),
          },
          {
            element: <MemberRoute />,
            // The shell gives every member page the settings dialog its menu opens.
            children: [{ element: <MemberShell />, children: memberRoutes }],
          },
        ],
      },
    ],
  },
];

/**
 * Starts loading every lazy module of the routes matching `pathname` at once: React would fetch
 * a page's module only once its lazy layout (ServerStateLayout) had arrived and rendered, one
 * round trip after the other.
 */
export function loadMatchedRoutes(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    void (route.Component as Partial<LazyPage> | undefined)?.load?.();
  }
}

/** The app's pages at the browser's address (inside a `<BrowserRouter>`, or a memory router in tests). */
export function AppRoutes() {
  const { pathname } = useLocation();
  loadMatchedRoutes(pathname);
  return useRoutes(routes);
}
