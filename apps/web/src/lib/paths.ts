/**
 * Every screen's path in one place, so features can link to each other's screens without importing
 * each other (the route table itself lives in src/app/router.tsx).
 */
export const paths = {
  login: () => '/',
  signup: () => '/signup',
  forgotPassword: () => '/forgot-password',
  verifyOtp: () => '/verify-otp',
  twoFactorSetup: (userId: string) => `/2fa-setup/${encodeURIComponent(userId)}`,
  twoFactorVerify: (userId: string) => `/2fa-verify/${encodeURIComponent(userId)}`,
  phoneVerify: (userId: string) => `/phone-verify/${encodeURIComponent(userId)}`,
  feed: () => '/feed',
  viewProfile: (userId: string) => `/viewprofile/${encodeURIComponent(userId)}`,
  profileEdit: (userId: string) => `/profileedit/${encodeURIComponent(userId)}`,
  viewAll: () => '/view-all',
  /** The Settings page; a section such as 'security' opens that section. */
  settings: (section?: SettingsSection) => (section ? `/settings/${section}` : '/settings'),
  moderation: () => '/moderation',
  notifications: () => '/notifications',
  /** Members near the viewer, with filters, Like and Pass. */
  discover: () => '/discover',
  /** The viewer's matches, who liked them and who visited. */
  matches: () => '/matches',
  /** Messages; with a member, the conversation with them. */
  messages: (withUserId?: string) =>
    withUserId ? `/messages?with=${encodeURIComponent(withUserId)}` : '/messages',
  /** One conversation (its id, not the member's). */
  conversation: (conversationId: string) => `/messages/${encodeURIComponent(conversationId)}`,
  /** A single post; with a comment, the page scrolls to that comment and highlights it. */
  post: (postId: string, commentId?: string) =>
    `/posts/${encodeURIComponent(postId)}${commentId ? `?comment=${encodeURIComponent(commentId)}` : ''}`,
} as const;

/** The Settings page's sections, in the order of its navigation. */
export const SETTINGS_SECTIONS = [
  'account',
  'plan',
  'security',
  'sessions',
  'privacy',
  'notifications',
  'blocked',
  'photo-verification',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

const MEMBER_PATH =
  /^\/(feed|view-all|settings|moderation|notifications|discover|matches|messages)\/?$|^\/(viewprofile|profileedit|settings|posts|messages|checkout\/test)\/[^/]+\/?$/;

/** True for the screens that need a signed-in member (spec §2 route table). */
export function isMemberPath(pathname: string): boolean {
  return MEMBER_PATH.test(pathname);
}

/** A same-site path from untrusted input (e.g. a server's setupUrl), or the fallback. */
export function safeInternalPath(candidate: unknown, fallback: string): string {
  return typeof candidate === 'string' && candidate.startsWith('/') && !candidate.startsWith('//')
    ? candidate
    : fallback;
}
