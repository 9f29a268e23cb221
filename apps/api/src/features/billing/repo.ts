import type { PaidPlanId, PaymentProvider } from '@kindred/contracts';
import { and, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { checkoutSessions, paidSubscriptions, paymentWebhookEvents } from '../../db/schema.js';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type PaidSubscriptionRow = typeof paidSubscriptions.$inferSelect;

export async function insertCheckout(
  db: Executor,
  row: typeof checkoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(checkoutSessions).values(row);
}

/** The member's own checkout (another member's reads as missing), locked when asked. */
export async function findOwnCheckout(
  db: Executor,
  memberId: string,
  checkoutId: string,
  provider: PaymentProvider,
  { lock = false } = {},
): Promise<CheckoutRow | undefined> {
  const query = db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, checkoutId),
        eq(checkoutSessions.memberId, memberId),
        eq(checkoutSessions.provider, provider),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function lockCheckoutByProviderSession(
  db: Executor,
  provider: PaymentProvider,
  providerSessionId: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.providerSessionId, providerSessionId),
      ),
    )
    .for('update');
  return row;
}

export async function closeCheckout(
  db: Executor,
  checkoutId: string,
  status: 'completed' | 'cancelled',
  now: Date,
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status, closedAt: now })
    .where(eq(checkoutSessions.id, checkoutId));
}

export async function paidSubscriptionOf(
  db: Executor,
  memberId: string,
): Promise<PaidSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(paidSubscriptions)
    .where(eq(paidSubscriptions.memberId, memberId));
  return row;
}

export async function paidSubscriptionByReference(
  db: Executor,
  provider: PaymentProvider,
  providerSubscriptionId: string,
): Promise<PaidSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(paidSubscriptions)
    .where(
      and(
        eq(paidSubscriptions.provider, provider),
        eq(paidSubscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    );
  return row;
}

/** A confirmed paid plan replaces whatever subscription row the member had. */
export async function savePaidSubscription(
  db: Executor,
  row: {
    memberId: string;
    planId: PaidPlanId;
    provider: PaymentProvider;
    providerCustomerId: string | null;
    providerSubscriptionId: string;
    currentPeriodEnd: Date | null;
  },
  now: Date,
): Promise<void> {
  const values = { ...row, cancelAtPeriodEnd: false, paymentFailedAt: null, updatedAt: now };
  await db
    .insert(paidSubscriptions)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: paidSubscriptions.memberId, set: values });
}

export async function updatePaidSubscription(
  db: Executor,
  memberId: string,
  changes: Partial<
    Pick<
      PaidSubscriptionRow,
      'planId' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'paymentFailedAt'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(paidSubscriptions)
    .set({ ...changes, updatedAt: now })
    .where(eq(paidSubscriptions.memberId, memberId));
}

export async function deletePaidSubscription(db: Executor, memberId: string): Promise<void> {
  await db.delete(paidSubscriptions).where(eq(paidSubscriptions.memberId, memberId));
}

/** Members whose cancelled plan has reached the end of its paid period. */
export async function membersWithEndedPlans(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .select({ memberId: paidSubscriptions.memberId })
    .from(paidSubscriptions)
    .where(
      and(
        eq(paidSubscriptions.cancelAtPeriodEnd, true),
        lte(paidSubscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(500);
  return rows.map((row) => row.memberId);
}

/**
 * Claims a webhook event id: true the first time, false when it was already processed. Inside the
 * transaction that applies the event, so a failed run leaves the id unclaimed for Stripe's retry,
 * and a concurrent delivery waits on the key and then finds it taken.
 */
export async function claimWebhookEvent(
  db: Executor,
  provider: PaymentProvider,
  eventId: string,
  type: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(paymentWebhookEvents)
    .values({ provider, eventId, type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return claimed.length > 0;
}
