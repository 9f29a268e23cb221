import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginRoute } from '../features/auth/routes/login';
import { GuestOnlyRoute, MemberRoute } from './guards';
import { MemberShell } from './member-shell';
import { RootLayout } from './root-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

/** A page loaded on demand: its module's `export function <name>` becomes the route's component. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return () => load().then((module) => ({ Component: module[name] }));
}

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
  {
    path: '/notifications',
    lazy: page(
      () => import('../features/notifications/routes/notifications-page'),
      'NotificationsPage',
    ),
  },
  {
    path: '/messages',
    lazy: page(() => import('../features/messages/routes/messages-page'), 'MessagesPage'),
  },
  {
    path: '/messages/:id',
    lazy: page(() => import('../features/messages/routes/conversation-page'), 'ConversationPage'),
  },
  {
    path: '/discover',
    lazy: page(() => import('../features/discover/routes/discover-page'), 'DiscoverPage'),
  },
  {
    path: '/matches',
    lazy: page(() => import('../features/matches/routes/matches-page'), 'MatchesPage'),
  },
  {
    path: '/posts/:postId',
    lazy: page(() => import('../features/posts/routes/post-page'), 'PostPage'),
  },
  {
    // The test-mode payments provider's checkout page (features/billing).
    path: '/checkout/test/:sessionId',
    lazy: page(() => import('../features/billing/routes/test-checkout-page'), 'TestCheckoutPage'),
  },
  {
    path: '/moderation',
    lazy: page(() => import('../features/moderation/routes/moderation-page'), 'ModerationPage'),
  },
  {
    path: '/settings',
    lazy: page(() => import('../features/settings/routes/settings-page'), 'SettingsPage'),
    children: [
      { index: true, element: <Navigate to="account" replace /> },
      {
        path: 'account',
        lazy: page(() => import('../features/settings/sections/account'), 'AccountSection'),
      },
      {
        path: 'security',
        lazy: page(() => import('../features/settings/sections/security'), 'SecuritySection'),
      },
      {
        path: 'sessions',
        lazy: page(() => import('../features/settings/sections/sessions'), 'SessionsSection'),
      },
      {
        path: 'privacy',
        lazy: page(() => import('../features/settings/sections/privacy'), 'PrivacySection'),
      },
      {
        path: 'notifications',
        lazy: page(
          () => import('../features/settings/sections/notifications'),
          'NotificationsSection',
        ),
      },
      {
        path: 'plan',
        lazy: page(() => import('../features/billing/routes/plan-settings'), 'PlanSettingsSection'),
      },
      {
        path: 'blocked',
        lazy: page(() => import('../features/settings/sections/blocked'), 'BlockedSection'),
      },
      {
        path: 'photo-verification',
        lazy: page(
          () => import('../features/photo-verification/routes/verify-photos-section'),
          'VerifyPhotosSection',
        ),
      },
    ],
  },
];

/**
 * The route table of SPEC §2. The login screen — the front door — is in the entry chunk; every other
 * page is loaded on demand (its own chunks), so the front door carries only what it uses.
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
          {
            path: '/signup',
            lazy: page(() => import('../features/auth/routes/signup'), 'SignupRoute'),
          },
          {
            path: '/forgot-password',
            lazy: page(
              () => import('../features/auth/routes/forgot-password'),
              'ForgotPasswordRoute',
            ),
          },
        ],
      },
      // Verification pages: open to visitors.
      {
        path: '/verify-otp',
        lazy: page(() => import('../features/auth/routes/verify-otp'), 'VerifyOtpRoute'),
      },
      {
        path: '/2fa-setup/:id',
        lazy: page(() => import('../features/auth/routes/two-factor-setup'), 'TwoFactorSetupRoute'),
      },
      {
        path: '/2fa-verify/:id',
        lazy: page(
          () => import('../features/auth/routes/two-factor-verify'),
          'TwoFactorVerifyRoute',
        ),
      },
      {
        path: '/phone-verify/:id',
        lazy: page(() => import('../features/auth/routes/phone-verify'), 'PhoneVerifyRoute'),
      },
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
