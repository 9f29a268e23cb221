import { eq, inArray } from 'drizzle-orm';
import type { MemberRole } from '@kindred/contracts';
import { users } from '../../db/schema.js';
import type { Executor } from './repo.js';

/**
 * Roles and suspension: the moderation side of the `users` row. Roles are granted from the command
 * line only (`pnpm admin:grant`, apps/api/src/cli/grant.ts), never through the API; a suspension is
 * a moderator's decision (features/moderation) that signing in does not lift.
 */

/** The member's role, read on every moderation request so a demotion holds at once. */
export async function roleOf(db: Executor, userId: string): Promise<MemberRole | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

export interface RoleGrant {
  id: string;
  email: string;
  previousRole: MemberRole;
  role: MemberRole;
}

/** Gives the account with this email the role; undefined when no account has the email. */
export async function grantRole(
  db: Executor,
  email: string,
  role: MemberRole,
  now: Date,
): Promise<RoleGrant | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .for('update');
    if (!before) return undefined;
    const [after] = await tx
      .update(users)
      .set({ role, updatedAt: now })
      .where(eq(users.id, before.id))
      .returning({ id: users.id, email: users.email, role: users.role });
    return { ...after!, previousRole: before.role };
  });
}

/**
 * Suspends the member: hidden everywhere (`visibleMembersWhere` shows active members only) and
 * refused at sign-in until an operator lifts it. Returns where to tell them, or undefined when the
 * account is gone.
 */
export async function suspendMember(
  tx: Executor,
  userId: string,
  reason: string,
  now: Date,
): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await tx
    .update(users)
    .set({ status: 'suspended', suspendedAt: now, suspensionReason: reason, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email, firstName: users.firstName });
  return row;
}

export interface ModeratedMember {
  id: string;
  firstName: string;
  lastName: string;
  status: string;
}

/**
 * Members by id whatever their status, for moderators' eyes only (the moderation queue and log
 * must still name a suspended or disabled member). It skips `visibleMembersWhere` on purpose.
 */
export async function unsafeMembersForModeration(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ModeratedMember>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}
