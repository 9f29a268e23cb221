import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import {
  MemberShellContext,
  UnreadCountContext,
  UnreadMessagesContext,
} from '../components/layout/member-nav-context';
import { PageShownContext, useAfterPageShown } from './page-shown';

/** Should no page say it is shown (an error page), the live connection still opens after this. */
const DEFERRED_WORK_FALLBACK_MS = 5_000;

// Loaded after the page: the trial banner (and the plans dialog it opens) is not first-paint.
const TrialBanner = lazy(() =>
  import('../features/subscription').then((m) => ({ default: m.TrialBanner })),
);

// Loaded after the page has shown: it waits for a plan's refusal (PLAN_LIMIT) to open the upgrade dialog.
const PlanLimitDialog = lazy(() =>
  import('../features/profile').then((m) => ({ default: m.PlanLimitDialog })),
);

// Loaded only back from checkout (`?checkout=…`): says how it went and refreshes.
const CheckoutReturnNotice = lazy(() =>
  import('../features/billing').then((m) => ({ default: m.CheckoutReturnNotice })),
);

// Loaded after the page has shown: the live connection and the unread count are not first-paint.
const MemberNotifications = lazy(() =>
  import('../features/notifications').then((m) => ({ default: m.MemberNotifications })),
);

// Loaded after the page has shown: messages arriving on that live connection, and the unread total.
const MemberMessages = lazy(() =>
  import('../features/messages').then((m) => ({ default: m.MemberMessages })),
);

// Loaded when first opened: most visits never open the settings.
const SettingsModal = lazy(() =>
  import('../features/settings').then((m) => ({ default: m.SettingsModal })),
);

/**
 * Wraps every member route: the settings dialog (features/settings) that the member menu of any
 * page opens (SPEC §2 "Settings modal"), given to the layout through MemberShellContext; and the
 * member's live notifications (features/notifications: one live connection for the whole member
 * area), whose unread count the header's bell and the Alerts tab read from UnreadCountContext;
 * and the member's messages (features/messages, on that same connection), whose unread total the
 * header's Messages link and the Messages tab read from UnreadMessagesContext.
 */
export function MemberShell() {
  const [unreadCount, setUnreadCount] = useState(0);
  const [unreadMessages, setUnreadMessages] = useState(0);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsWanted, setSettingsWanted] = useState(false);
  const backFromCheckout = new URLSearchParams(useLocation().search).has('checkout');
  // The page's code, data and first picture go first; these ~20 modules and their requests after.
  const { ready: pageSettled, pageShown } = useAfterPageShown(DEFERRED_WORK_FALLBACK_MS);
  const shell = useMemo(
    () => ({
      openSettings: () => {
        setSettingsWanted(true);
        setSettingsOpen(true);
      },
      banner: (
        <Suspense fallback={null}>
          <TrialBanner />
        </Suspense>
      ),
    }),
    [],
  );

  return (
    <MemberShellContext.Provider value={shell}>
      <UnreadCountContext.Provider value={unreadCount}>
        <UnreadMessagesContext.Provider value={unreadMessages}>
          <PageShownContext.Provider value={pageShown}>
            <Outlet />
          </PageShownContext.Provider>
        </UnreadMessagesContext.Provider>
      </UnreadCountContext.Provider>
      {pageSettled ? (
        <>
          <Suspense fallback={null}>
            <MemberNotifications onUnreadCount={setUnreadCount} />
          </Suspense>
          <Suspense fallback={null}>
            <MemberMessages onUnreadTotal={setUnreadMessages} />
          </Suspense>
          <Suspense fallback={null}>
            <PlanLimitDialog />
          </Suspense>
        </>
      ) : null}
      {backFromCheckout ? (
        <Suspense fallback={null}>
          <CheckoutReturnNotice />
        </Suspense>
      ) : null}
      {settingsWanted ? (
        <Suspense fallback={null}>
          <SettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </MemberShellContext.Provider>
  );
}
