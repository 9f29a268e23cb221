import { NOTIFICATION_UNREAD_COUNT_CAP } from '@kindred/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BottomNav } from './bottom-nav';
import { UnreadCountContext } from './member-nav-context';
import { NotificationBell } from './notification-bell';

/** The header's bell and the bottom nav's Alerts tab, with the member's unread count. */
function renderNav(unreadCount: number) {
  render(
    <MemoryRouter>
      <UnreadCountContext.Provider value={unreadCount}>
        <NotificationBell />
        <BottomNav myId={null} menuOpen={false} onOpenMenu={() => {}} />
      </UnreadCountContext.Provider>
    </MemoryRouter>,
  );
  const quick = screen.getByRole('navigation', { name: 'Quick navigation' });
  const alerts = within(quick).getByRole('link', { name: /^Alerts/ });
  const bell = screen.getAllByRole('link', { name: /^Notifications/ })[0]!;
  return { bell, alerts };
}

describe('the unread count on the bell and the Alerts tab', () => {
  it('says nothing at 0', () => {
    const { bell, alerts } = renderNav(0);
    expect(bell).toHaveAccessibleName('Notifications');
    expect(alerts).toHaveAccessibleName('Alerts');
    expect(bell).toHaveTextContent(/^$/);
  });

  it('shows and names the number up to 99', () => {
    const { bell, alerts } = renderNav(99);
    expect(bell).toHaveAccessibleName('Notifications, 99 unread');
    expect(bell).toHaveTextContent('99');
    expect(alerts).toHaveAccessibleName('Alerts, 99 unread');
    expect(alerts).toHaveTextContent('99Alerts');
  });

  // The API counts up to the cap, which means "that many or more": never named as an exact number.
  it(`shows "99+" and names "more than 99" at the API's cap of ${NOTIFICATION_UNREAD_COUNT_CAP}`, () => {
    const { bell, alerts } = renderNav(NOTIFICATION_UNREAD_COUNT_CAP);
    expect(bell).toHaveAccessibleName('Notifications, more than 99 unread');
    expect(bell).toHaveTextContent('99+');
    expect(alerts).toHaveAccessibleName('Alerts, more than 99 unread');
    expect(alerts).toHaveTextContent('99+Alerts');
  });
});
