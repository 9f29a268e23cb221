import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { MemberShellContext, UnreadCountContext } from '../components/layout/member-nav-context';
import { useMemberNotifications } from '../features/notifications';

// Loaded when first opened: most visits never open the settings.
const SettingsModal = lazy(() =>
  import('../features/settings').then((m) => ({ default: m.SettingsModal })),
);

/**
 * Wraps every member route: the settings dialog (features/settings) that the member menu of any
 * page opens (SPEC §2 "Settings modal"), given to the layout through MemberShellContext; and the
 * member's live notifications (features/notifications: one live connection for the whole member
 * area), whose unread count the header's bell and the Alerts tab read from UnreadCountContext.
 */
export function MemberShell() {
  const unreadCount = useMemberNotifications();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsWanted, setSettingsWanted] = useState(false);
  const shell = useMemo(
    () => ({
      openSettings: () => {
        setSettingsWanted(true);
        setSettingsOpen(true);
      },
    }),
    [],
  );

  return (
    <MemberShellContext.Provider value={shell}>
      <UnreadCountContext.Provider value={unreadCount}>
        <Outlet />
      </UnreadCountContext.Provider>
      {settingsWanted ? (
        <Suspense fallback={null}>
          <SettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </MemberShellContext.Provider>
  );
}
