import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { nameSearchColumns } from './names.js';
import { lockMember, type Executor, type UserRow } from './repo.js';

/**
 * The account side of a member: credentials, verification state and the authenticator secret.
 * Sign-in (features/auth) decides what happens; these are the writes it asks for, so the `users`
 * table keeps one writer. Lookups here find an account whatever its status — signing in is how a
 * disabled account comes back — so they only ever serve the member's own sign-in, never show a
 * member to someone else.
 */

export type AccountRow = UserRow;

export async function findAccountById(
  db: Executor,
  userId: string,
): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findAccountByEmail(
  db: Executor,
  email: string,
): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The account, locked for the rest of the transaction (parallel code checks queue up behind it). */
export const lockAccount = lockMember;

export interface NewAccount {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  /** The consent the sign-up gave: when legal age was certified and which terms were accepted. */
  legalAgeConfirmedAt: Date;
  termsAcceptedAt: Date;
  termsVersion: string;
}

/** The new account, or undefined when the email already has one. */
export async function createAccount(
  db: Executor,
  input: NewAccount,
  now: Date,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      ...input,
      ...nameSearchColumns(input.firstName, input.lastName),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export interface LoginChoices {
  coordinates: { latitude: number; longitude: number } | null;
  rememberMe: boolean;
  newsletter: boolean;
}

/** After a correct password: the login's choices and when it happened. */
export async function recordLogin(
  db: Executor,
  userId: string,
  choices: LoginChoices,
  now: Date,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      rememberMe: choices.rememberMe,
      newsletter: choices.newsletter,
      lastLoginAt: now,
      updatedAt: now,
      ...(choices.coordinates
        ? {
            lastLoginLatitude: choices.coordinates.latitude,
            lastLoginLongitude: choices.coordinates.longitude,
          }
        : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * A new password (its bcrypt hash), from a reset or a change: `passwordChangedAt` records when, so
 * the member's sessions and notices can be judged against it. Ending the sessions is the caller's
 * part (the session store is not this table).
 */
export async function savePasswordHash(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function markEmailVerified(
  db: Executor,
  userId: string,
  now: Date,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function markPhoneVerified(
  db: Executor,
  userId: string,
  phoneNumber: string,
  now: Date,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ phoneNumber, phoneVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Stores a new (sealed) authenticator secret, only while 2FA is not enabled and the stored secret
 * is still `replacing` — so of two concurrent first requests only one stores. False when it lost.
 */
export async function storeTotpSecret(
  db: Executor,
  input: { userId: string; sealedSecret: string; replacing: string | null },
  now: Date,
): Promise<boolean> {
  const [stored] = await db
    .update(users)
    .set({ totpSecretEncrypted: input.sealedSecret, totpLastUsedStep: null, updatedAt: now })
    .where(
      and(
        eq(users.id, input.userId),
        isNull(users.totpEnabledAt),
        input.replacing === null
          ? isNull(users.totpSecretEncrypted)
          : eq(users.totpSecretEncrypted, input.replacing),
      ),
    )
    .returning({ id: users.id });
  return Boolean(stored);
}

/**
 * Records an authenticator time-step as used. A step is accepted once: of two uses of one code,
 * the second finds it taken (false).
 */
export async function useTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const [fresh] = await db
    .update(users)
    .set({ totpLastUsedStep: step })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step)),
      ),
    )
    .returning({ id: users.id });
  return Boolean(fresh);
}

/**
 * Removes the member's authenticator (secret, enabled time, last used step), so that their next
 * sign-in asks them to set it up again (an operator's reset for a member who lost it).
 */
export async function clearTwoFactor(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totpSecretEncrypted: null, totpEnabledAt: null, totpLastUsedStep: null, updatedAt: now })
    .where(eq(users.id, userId));
}

/**
 * A full sign-in (the second factor passed): 2FA counts as enabled from its first code, and a
 * temporarily disabled account comes back.
 */
export async function completeSignIn(
  db: Executor,
  account: Pick<AccountRow, 'id' | 'totpEnabledAt'>,
  now: Date,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      totpEnabledAt: account.totpEnabledAt ?? now,
      status: 'active',
      disabledAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, account.id))
    .returning();
  return row;
}
