import type {
  CaseReport,
  ModerationCase,
  ModerationLogEntry,
  ModerationMember,
  ReportReason,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { ModeratedMember } from '../users/index.js';
import type { CaseRow, LogRow, ReportRow } from './repo.js';
import { presentSnapshot, type StoredSnapshot } from './snapshots.js';

/**
 * Moderators' views. No reporter is ever named: a case says how many members reported it, why,
 * and what they wrote — never who (not even to moderators, so no view or mistake can pass it on).
 */

function presentMember(member: ModeratedMember | undefined): ModerationMember | null {
  return member
    ? {
        _id: member.id,
        firstName: member.firstName,
        lastName: member.lastName,
        status: member.status,
      }
    : null;
}

export function presentCaseReport(row: ReportRow): CaseReport {
  return {
    _id: row.id,
    reason: row.reason,
    note: row.note,
    status: row.status,
    action: row.action,
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * A case: the reports on one target with the status asked for (oldest first), the snapshot of the
 * first of them (the content as it was first reported), and, for an open case, the target's
 * reports resolved before.
 */
export function presentCase(
  context: { config: Pick<AppContext['config'], 'dataEncryptionKey'> },
  group: CaseRow,
  onTarget: readonly ReportRow[],
  status: 'open' | 'resolved',
  members: ReadonlyMap<string, ModeratedMember>,
): ModerationCase {
  const current = onTarget.filter((row) => row.status === status);
  const first = current[0]!;
  const newest = current.at(-1)!;
  const reporters = new Set(current.map((row) => row.reporterId ?? `deleted:${row.id}`));
  const reasons: ReportReason[] = [...new Set(current.map((row) => row.reason))];
  return {
    _id: newest.id,
    targetType: group.targetType,
    targetId: group.targetId,
    targetMember: presentMember(
      newest.targetMemberId ? members.get(newest.targetMemberId) : undefined,
    ),
    snapshot: presentSnapshot(context, first.snapshot as StoredSnapshot),
    reporterCount: reporters.size,
    reasons,
    reports: current.map(presentCaseReport),
    earlierReports:
      status === 'open'
        ? onTarget.filter((row) => row.status === 'resolved').map(presentCaseReport)
        : [],
    lastReportedAt: newest.createdAt.toISOString(),
  };
}

export function presentLogEntry(
  row: LogRow,
  members: ReadonlyMap<string, ModeratedMember>,
): ModerationLogEntry {
  const moderator = row.moderatorId ? members.get(row.moderatorId) : undefined;
  return {
    _id: row.id,
    action: row.action,
    moderator: moderator
      ? { _id: moderator.id, firstName: moderator.firstName, lastName: moderator.lastName }
      : null,
    targetType: row.targetType,
    targetId: row.targetId,
    targetMember: presentMember(row.targetMemberId ? members.get(row.targetMemberId) : undefined),
    reportId: row.reportId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}
