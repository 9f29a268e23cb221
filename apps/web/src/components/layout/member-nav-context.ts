import { createContext, type ReactNode } from 'react';

/**
 * What the app gives every member page (app/member-shell.tsx): opening the settings dialog, which
 * lives in features/settings and is composed in by the app so the shared layout does not import a
 * feature. Without it (a page rendered on its own) the menus show Settings as unavailable.
 */
export interface MemberShell {
  openSettings?: () => void;
  /** A notice above every member page's content (the free trial's end, features/subscription). */
  banner?: ReactNode;
}

export const MemberShellContext = createContext<MemberShell>({});

/** The mobile menu of the current member page, for the header's menu button (member-layout.tsx). */
export interface MemberMenuControl {
  menuOpen: boolean;
  openMenu: () => void;
}

export const MemberMenuContext = createContext<MemberMenuControl | null>(null);

/**
 * The member's unread notifications, given by the app (app/member-shell.tsx keeps it current from
 * features/notifications) to the bell in the header and the Alerts tab of the bottom nav.
 */
export const UnreadCountContext = createContext(0);

/**
 * The member's unread messages, given by the app (app/member-shell.tsx keeps it current from
 * features/messages) to the header's Messages link and the Messages tab of the bottom nav.
 */
export const UnreadMessagesContext = createContext(0);
