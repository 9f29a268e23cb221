import { ACCOUNT_MESSAGES, type MemberSession } from '@kindred/contracts';
import { UAParser } from 'ua-parser-js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { StoredSession } from '../../http/session-store.js';

/**
 * Sessions and devices: where a member is signed in, and ending any of those sessions. A session
 * is named by its public id; the cookie's secret id never leaves the server. Every lookup is
 * scoped to the member's own sessions, so another member's id is simply not found.
 */

type SessionContext = Pick<AppContext, 'sessionStore'>;

/** The member's sessions, this one first, then the most recently active. */
export async function listMemberSessions(
  context: SessionContext,
  userId: string,
  currentSid: string,
): Promise<MemberSession[]> {
  const stored = await context.sessionStore.listForUser(userId, currentSid);
  const ordered = [...stored.filter((s) => s.current), ...stored.filter((s) => !s.current)];
  return ordered.map(presentSession);
}

/** Ends one of the member's sessions; 404 when they have none with this id (nothing changes). */
export async function endMemberSession(
  context: SessionContext,
  userId: string,
  publicId: string,
): Promise<void> {
  const ended = await context.sessionStore.destroyForUser(userId, publicId);
  if (!ended) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
}

/** Ends every session of the member but the one asking; how many ended. */
export function endOtherMemberSessions(
  context: SessionContext,
  userId: string,
  currentSid: string,
): Promise<number> {
  return context.sessionStore.destroyOthersForUser(userId, currentSid);
}

export function presentSession(session: StoredSession): MemberSession {
  const { browser, os } = describeUserAgent(session.userAgent);
  return {
    _id: session.publicId,
    current: session.current,
    browser,
    os,
    createdAt: session.createdAt.toISOString(),
    lastActiveAt: session.lastActiveAt.toISOString(),
  };
}

/** "Chrome 131" and "Windows 10" from a User-Agent header; null for what it does not say. */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const parsed = UAParser(userAgent);
  const label = (name?: string, version?: string) =>
    name ? (version ? `${name} ${version}` : name) : null;
  return {
    browser: label(parsed.browser.name, parsed.browser.major),
    os: label(parsed.os.name, parsed.os.version),
  };
}
