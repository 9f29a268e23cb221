import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  ModerationAction,
  ReportReason,
  ReportStatus,
  ReportTargetType,
} from '@kindred/contracts';
import type { Executor } from '../../db/client.js';
import { afterKeyset, keysetTime, type Keyset } from '../../db/keyset.js';
import { moderationLog, reports } from '../../db/schema.js';
import type { StoredSnapshot } from './snapshots.js';

/** The queries behind reports and the moderation log (this feature owns both tables). */

export type ReportRow = typeof reports.$inferSelect;
export type LogRow = typeof moderationLog.$inferSelect & { keysetTime: string };

export interface NewReport {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  targetMemberId: string;
  reason: ReportReason;
  note: string;
  snapshot: StoredSnapshot;
  createdAt: Date;
}

/** The new report, or undefined when the reporter already has an open one on this target. */
export async function insertReport(
  db: Executor,
  report: NewReport,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .insert(reports)
    .values(report)
    // The partial unique index: one open report per reporter and target.
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findReport(db: Executor, reportId: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, reportId));
  return row;
}

/** The report, locked for the rest of the transaction (two moderators resolve one at a time). */
export async function lockReport(tx: Executor, reportId: string): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
  return row;
}

/** Resolves every open report on the target; returns how many. */
export async function resolveOpenReports(
  tx: Executor,
  target: { targetType: ReportTargetType; targetId: string },
  resolution: { action: ModerationAction; moderatorId: string; note: string; now: Date },
): Promise<number> {
  const rows = await tx
    .update(reports)
    .set({
      status: 'resolved',
      action: resolution.action,
      resolvedBy: resolution.moderatorId,
      resolvedAt: resolution.now,
      resolutionNote: resolution.note,
    })
    .where(
      and(
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ id: reports.id });
  return rows.length;
}

export async function insertLogEntry(
  tx: Executor,
  entry: typeof moderationLog.$inferInsert,
): Promise<void> {
  await tx.insert(moderationLog).values(entry);
}

export interface CaseRow {
  targetType: ReportTargetType;
  targetId: string;
  reportCount: number;
  keysetTime: string;
}

/**
 * One page of cases (reports grouped by target) with the status asked for, the most recently
 * reported (open) or resolved (resolved) first, in keyset order over (that time, target id).
 * A moderator never sees the cases about themself.
 */
export async function pageCases(
  db: Executor,
  page: { status: ReportStatus; moderatorId: string; after: Keyset | undefined; limit: number },
): Promise<(CaseRow & { id: string })[]> {
  const time: SQL =
    page.status === 'open' ? sql`max(${reports.createdAt})` : sql`max(${reports.resolvedAt})`;
  const rows = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      reportCount: sql<number>`count(*)::int`,
      keysetTime: keysetTime(time),
    })
    .from(reports)
    .where(
      and(
        eq(reports.status, page.status),
        sql`${reports.targetMemberId} is distinct from ${page.moderatorId}::uuid`,
      ),
    )
    .groupBy(reports.targetType, reports.targetId)
    .having(page.after ? afterKeyset(time, reports.targetId, page.after) : undefined)
    .orderBy(sql`${time} desc`, sql`${reports.targetId} desc`)
    .limit(page.limit + 1);
  return rows.map((row) => ({ ...row, id: row.targetId }));
}

/** Every report on these targets, whatever its status, oldest first (one query for a page). */
export async function reportsOnTargets(
  db: Executor,
  targets: readonly { targetType: ReportTargetType; targetId: string }[],
): Promise<ReportRow[]> {
  if (targets.length === 0) return [];
  const rows = await db
    .select()
    .from(reports)
    .where(
      inArray(
        reports.targetId,
        targets.map((target) => target.targetId),
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const wanted = new Set(targets.map((target) => `${target.targetType}:${target.targetId}`));
  return rows.filter((row) => wanted.has(`${row.targetType}:${row.targetId}`));
}

/** One page of the moderation log, newest first. */
export async function pageLog(
  db: Executor,
  page: { after: Keyset | undefined; limit: number },
): Promise<LogRow[]> {
  return db
    .select({
      id: moderationLog.id,
      moderatorId: moderationLog.moderatorId,
      action: moderationLog.action,
      reportId: moderationLog.reportId,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      targetMemberId: moderationLog.targetMemberId,
      note: moderationLog.note,
      createdAt: moderationLog.createdAt,
      keysetTime: keysetTime(moderationLog.createdAt),
    })
    .from(moderationLog)
    .where(
      page.after ? afterKeyset(moderationLog.createdAt, moderationLog.id, page.after) : undefined,
    )
    .orderBy(sql`${moderationLog.createdAt} desc`, sql`${moderationLog.id} desc`)
    .limit(page.limit + 1);
}
