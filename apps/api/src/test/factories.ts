import { randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { PlanState } from '@kindred/contracts';
import cookieSignature from 'cookie-signature';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { nameSearchColumns } from '../features/users/index.js';
import { SESSION_COOKIE_NAME, type SessionAuth } from '../http/session.js';

export const TEST_PASSWORD = 'secret123';
let passwordHash: string | undefined;

export type UserRow = typeof users.$inferSelect;

/**
 * A member who finished the whole account-entry chain (email, 2FA, phone verified) unless the
 * overrides say otherwise. Each call makes a new, unique member.
 */
export async function buildUser(
  context: AppContext,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  passwordHash ??= await bcrypt.hash(TEST_PASSWORD, 4);
  const unique = randomBytes(4).toString('hex');
  const firstName = overrides.firstName ?? `Test${unique}`;
  const lastName = overrides.lastName ?? 'Member';
  const now = context.clock.now();
  const [row] = await context.db
    .insert(users)
    .values({
      email: `member-${unique}@example.com`,
      username: `member-${unique}@example.com`,
      passwordHash,
      emailVerifiedAt: now,
      totpEnabledAt: now,
      // Each member's own number: a number verifies one account only.
      phoneNumber: `+91${9_000_000_000 + (randomBytes(4).readUInt32BE() % 999_999_999)}`,
      phoneVerifiedAt: now,
      ...overrides,
      firstName,
      lastName,
      ...nameSearchColumns(firstName, lastName),
    })
    .returning();
  return row!;
}

/**
 * A session cookie for a member, written straight into the session store, as if they had
 * completed sign-in. `stage: 'pending'` gives a half-signed-in session.
 */
export async function sessionCookieFor(
  context: AppContext,
  userId: string,
  stage: SessionAuth['stage'] = 'full',
): Promise<string> {
  const sid = randomBytes(24).toString('base64url');
  const data = {
    cookie: {
      originalMaxAge: null,
      expires: null,
      httpOnly: true,
      path: '/',
      sameSite: 'lax' as const,
    },
    auth: { userId, stage, handle: randomUUID() },
  };
  await new Promise<void>((resolve, reject) => {
    context.sessionStore.set(sid, data as never, (error) => (error ? reject(error) : resolve()));
  });
  const signed = `s:${cookieSignature.sign(sid, context.config.sessionSecret)}`;
  return `${SESSION_COOKIE_NAME}=${encodeURIComponent(signed)}`;
}

/** A member and a signed-in cookie for them. */
export async function signedInUser(
  context: AppContext,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<{ user: UserRow; cookie: string }> {
  const user = await buildUser(context, overrides);
  return { user, cookie: await sessionCookieFor(context, user.id) };
}

const DAY = 24 * 60 * 60 * 1000;

/** The plan fields that put a member in a plan state at `now` (for `signedInUser`'s overrides). */
export function planFieldsFor(state: PlanState, now: Date) {
  switch (state) {
    case 'free':
      return {
        plan: 'free' as const,
        subscriptionStatus: 'trial' as const,
        trialEndDate: new Date(now.getTime() + 30 * DAY),
      };
    case 'trial-ended':
      return {
        plan: 'free' as const,
        subscriptionStatus: 'trial' as const,
        trialEndDate: new Date(now.getTime() - DAY),
      };
    default:
      return {
        plan: state,
        subscriptionStatus: 'active' as const,
        trialEndDate: new Date(now.getTime() - 30 * DAY),
      };
  }
}
