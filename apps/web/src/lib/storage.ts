import { MEMBER_ROLES, type MemberRole } from '@kindred/contracts';

/**
 * The browser storage the spec names (§3). Keys are exactly the spec's; nothing else in the app
 * writes to localStorage under other names without adding them here.
 */
export const STORAGE_KEYS = {
  userId: 'userId',
  /** Written at sign-up and at 2FA verification. */
  sessionId: 'sessionId',
  firstName: 'firstName',
  signupEmail: 'signupEmail',
  /** 'true' or 'false'. */
  verifiedBadge: 'verifiedBadge',
  /** 'true' while the member wants the login email remembered. */
  rememberMe: 'rememberMe',
  lastLoginEmail: 'lastLoginEmail',
  /** 'member', 'moderator' or 'admin', written at 2FA verification (the menu's Moderation link). */
  role: 'role',
  /** The local day ('2026-11-26') the member dismissed the "trial ends soon" banner. */
  trialBannerDismissedOn: 'trialBannerDismissedOn',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/**
 * Keys that outlive a logout. The spec says logout clears local and session storage, and also that
 * "Remember me" prefills the email next time; both can only hold if the remember-me pair survives the
 * clearing, so it does (unticking Remember me at the next login removes it).
 */
const KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.rememberMe, STORAGE_KEYS.lastLoginEmail];

/** Storage can be unavailable (privacy modes, quota); the app then behaves as if nothing is stored. */
function local(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export const storage = {
  get(key: StorageKey): string | null {
    try {
      return local()?.getItem(STORAGE_KEYS[key]) ?? null;
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      local()?.setItem(STORAGE_KEYS[key], value);
    } catch {
      // Quota or privacy mode: the flow still works for this page view.
    }
  },
  remove(key: StorageKey): void {
    try {
      local()?.removeItem(STORAGE_KEYS[key]);
    } catch {
      // See set().
    }
  },
};

/** The member id saved at login/sign-up; its presence is what the route guards check. */
export function getStoredUserId(): string | null {
  return storage.get('userId') || null;
}

export function getStoredFirstName(): string | null {
  return storage.get('firstName') || null;
}

export function getStoredVerifiedBadge(): boolean {
  return storage.get('verifiedBadge') === 'true';
}

/** The role saved at sign-in; only decides what the menu shows (the API checks every request). */
export function getStoredRole(): MemberRole {
  const role = storage.get('role');
  return (MEMBER_ROLES as readonly (string | null)[]).includes(role)
    ? (role as MemberRole)
    : 'member';
}

/** Saves what the app shows about the signed-in member; undefined fields are left untouched. */
export function storeMember(member: {
  userId?: string;
  sessionId?: string;
  firstName?: string;
  verifiedBadge?: boolean;
  role?: MemberRole;
}): void {
  if (member.userId) storage.set('userId', member.userId);
  if (member.sessionId) storage.set('sessionId', member.sessionId);
  if (member.firstName) storage.set('firstName', member.firstName);
  if (member.verifiedBadge !== undefined)
    storage.set('verifiedBadge', String(member.verifiedBadge));
  if (member.role) storage.set('role', member.role);
}

/** Clears local storage (except the remember-me pair, see KEPT_ON_LOGOUT) and session storage. */
export function clearStoredSession(): void {
  const store = local();
  if (store) {
    try {
      const doomed: string[] = [];
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i);
        if (key !== null && !KEPT_ON_LOGOUT.includes(key)) doomed.push(key);
      }
      doomed.forEach((key) => store.removeItem(key));
    } catch {
      // Nothing more we can do.
    }
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // Unavailable session storage holds nothing to clear.
  }
}

const RETURN_TO_KEY = 'kindred.returnTo';

/**
 * Where a visitor was going when a member page sent them to the login screen. Kept in session storage
 * because the way back runs through several screens (login → 2FA → …).
 */
export function rememberReturnTo(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    // Falls back to the default destination.
  }
}

/** Reads and forgets the remembered destination; only same-site paths are honoured. */
export function takeReturnTo(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_TO_KEY);
    window.sessionStorage.removeItem(RETURN_TO_KEY);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
