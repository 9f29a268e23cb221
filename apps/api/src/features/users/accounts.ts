import { trialEndFrom } from '@kindred/contracts';
import { and, desc, eq, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
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

/**
 * The accounts a sign-in with this email may be for: the verified account when there is one
 * (an address has at most one), else the unverified sign-ups that share the address, newest first
 * (at most `UNVERIFIED_SIGN_IN_CANDIDATES`: each costs a password comparison).
 */
export async function findAccountsByEmail(db: Executor, email: string): Promise<AccountRow[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .orderBy(sql`${users.emailVerifiedAt} is null`, desc(users.createdAt), desc(users.id))
    .limit(UNVERIFIED_SIGN_IN_CANDIDATES);
  return rows[0]?.emailVerifiedAt ? [rows[0]] : rows;
}

const UNVERIFIED_SIGN_IN_CANDIDATES = 5;

/** The verified account with this email, else the newest unverified sign-up with it. */
export async function findAccountByEmail(
  db: Executor,
  email: string,
): Promise<AccountRow | undefined> {
  const [row] = await findAccountsByEmail(db, email);
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

/**
 * The new account, or undefined when the email already has one. The free trial runs from sign-up
 * (issue 14), so its end is recorded now; choosing a plan later never moves it.
 */
export async function createAccount(
  db: Executor,
  input: NewAccount,
  now: Date,
): Promise<AccountRow | undefined> {
  // Only a verified account holds an address: an unverified sign-up with it does not stop this
  // one (whichever proves the address first keeps it: markEmailVerified).
  const [verified] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), isNotNull(users.emailVerifiedAt)));
  if (verified) return undefined;
  const [row] = await db
    .insert(users)
    .values({
      ...input,
      ...nameSearchColumns(input.firstName, input.lastName),
      trialEndDate: trialEndFrom(now),
      createdAt: now,
      updatedAt: now,
    })
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

/**
 * The account proved its address: it becomes the address's one verified account, and the other
 * unverified sign-ups with the same address are removed with everything they hold (a stranger's
 * sign-up with someone's address never verifies, so it cannot keep the owner out). Undefined when
 * another account verified the address first (or this one is gone).
 */
export async function markEmailVerified(
  db: Executor,
  userId: string,
  now: Date,
): Promise<AccountRow | undefined> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) return undefined;
    // Verifications of one address queue up (two sign-ups removing each other would deadlock).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${account.email}))`);
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, account.email), isNotNull(users.emailVerifiedAt)));
    if (holder && holder.id !== userId) return undefined;
    await tx
      .delete(users)
      .where(
        and(eq(users.email, account.email), ne(users.id, userId), isNull(users.emailVerifiedAt)),
      );
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
}

/**
 * Removes the accounts whose email was not verified by `deadline` (their creation time is at or
 * before it), with everything they hold (rows referencing them cascade). Returns how many.
 */
export async function removeUnverifiedAccountsCreatedBy(
  db: Executor,
  deadline: Date,
): Promise<number> {
  const removed = await db
    .delete(users)
    .where(and(isNull(users.emailVerifiedAt), lte(users.createdAt, deadline)))
    .returning({ id: users.id });
  return removed.length;
}

/** Whether another account (whatever its status: a disabled one comes back) verified this number. */
export async function phoneVerifiesAnotherAccount(
  db: Executor,
  phoneNumber: string,
  userId: string,
): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.phoneNumber, phoneNumber),
        isNotNull(users.phoneVerifiedAt),
        ne(users.id, userId),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/**
 * Records the member's verified number: 'phone-taken' when it already verifies another account
 * (a number backs one account's badge), undefined when the account is gone.
 */
export async function markPhoneVerified(
  db: Executor,
  userId: string,
  phoneNumber: string,
  now: Date,
): Promise<AccountRow | 'phone-taken' | undefined> {
  return db.transaction(async (tx) => {
    // Verifications of one number queue up, so two accounts cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phoneNumber}`}))`);
    if (await phoneVerifiesAnotherAccount(tx, phoneNumber, userId)) return 'phone-taken';
    const [row] = await tx
      .update(users)
      .set({ phoneNumber, phoneVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
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
