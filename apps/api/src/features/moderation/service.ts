import {
  MODERATION_MESSAGES,
  REPORT_MESSAGES,
  type ModerationAction,
  type ModerationCase,
  type ModerationLogEntry,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { serializeOn } from '../../db/concurrency.js';
import { decodeCursor, toPage } from '../../db/keyset.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { blockMember } from '../blocks/index.js';
import { removeComment } from '../comments/index.js';
import { deleteMediaFiles } from '../media/index.js';
import { removeReportedMessage } from '../messages/index.js';
import { markPostSensitiveByModerator, removePost } from '../posts/index.js';
import { removePhoto } from '../profiles/index.js';
import { suspendMember, unsafeMembersForModeration } from '../users/index.js';
import { suspensionEmail } from './emails.js';
import { presentCase, presentLogEntry } from './presenter.js';
import {
  insertLogEntry,
  findReport,
  insertReport,
  lockReport,
  pageCases,
  pageLog,
  reportsOnTargets,
  resolveOpenReports,
} from './repo.js';
import { snapshotTarget } from './snapshots.js';

/** Reports (any member) and moderation (moderators): the domain logic; no req/res here. */

export interface NewReportInput {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  note: string;
  /** Also block the member whose content it is ("Also block this member"). */
  block: boolean;
}

/**
 * A member reports something they can see (else 404). The target is copied into the report as it
 * is now, so the evidence outlives the content. One open report per reporter and target (409).
 * With `block`, the reporter also blocks the member whose content it is (the blocks feature).
 */
export async function fileReport(
  context: AppContext,
  reporterId: string,
  input: NewReportInput,
): Promise<{ id: string; status: ReportStatus; blocked: boolean }> {
  const target = await snapshotTarget(context.db, reporterId, input.targetType, input.targetId);
  if (target.targetMemberId === reporterId) throw badRequest(REPORT_MESSAGES.ownContent);
  const report = await insertReport(context.db, {
    reporterId,
    targetType: input.targetType,
    targetId: target.targetId,
    targetMemberId: target.targetMemberId,
    reason: input.reason,
    note: input.note,
    snapshot: target.snapshot,
    createdAt: context.clock.now(),
  });
  if (!report) throw conflict(REPORT_MESSAGES.alreadyReported, 'ALREADY_REPORTED');
  // After the report is stored: the block hides the target from the reporter, so it comes last.
  if (input.block) await blockMember(context, reporterId, target.targetMemberId);
  return { id: report.id, status: report.status, blocked: input.block };
}

/**
 * GET /moderation/reports: one page of cases in three queries — the cases, every report on their
 * targets (for the case, its snapshot and earlier reports), and the reported members.
 */
export async function listCases(
  context: Pick<AppContext, 'db' | 'config'>,
  moderatorId: string,
  query: { status: ReportStatus; cursor?: string | undefined; limit: number },
): Promise<{ cases: ModerationCase[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, () => badRequest(MODERATION_MESSAGES.invalidCursor));
  const rows = await pageCases(context.db, {
    status: query.status,
    moderatorId,
    after,
    limit: query.limit,
  });
  const { items, nextCursor } = toPage(rows, query.limit);
  const onTargets = await reportsOnTargets(context.db, items);
  const members = await unsafeMembersForModeration(
    context.db,
    onTargets.flatMap((row) => (row.targetMemberId ? [row.targetMemberId] : [])),
  );
  const cases = items.map((group) =>
    presentCase(
      context,
      group,
      onTargets.filter(
        (row) => row.targetType === group.targetType && row.targetId === group.targetId,
      ),
      query.status,
      members,
    ),
  );
  return { cases, nextCursor };
}

export interface Resolution {
  action: ModerationAction;
  note: string;
}

/**
 * POST /moderation/reports/:id/resolve. Resolves every open report on the report's target, in one
 * transaction with what the action does and its line in the moderation log:
 *  - dismiss: nothing else;
 *  - remove: the post, comment or photo is deleted through its feature, a message becomes the
 *    "message deleted" placeholder (a member is suspended, not removed: 400);
 *  - suspend: the member's account is suspended with the note as the reason;
 *  - mark_sensitive: a post's media is covered for everyone but its author from now on (a post
 *    without media, or anything but a post: 400).
 * After the commit: removed media files go, a suspended member's sessions end and they are mailed
 * the reason (a mail failure is logged; the suspension stands).
 */
export async function resolveReport(
  context: Pick<AppContext, 'db' | 'clock' | 'storage' | 'logger' | 'sessionStore' | 'mailer'> & {
    config: Pick<AppContext['config'], 'supportEmail' | 'dataEncryptionKey'>;
  },
  moderatorId: string,
  reportId: string,
  resolution: Resolution,
): Promise<{ resolvedCount: number }> {
  const now = context.clock.now();
  const outcome = await context.db.transaction(async (tx) => {
    const unlocked = await findReport(tx, reportId);
    if (!unlocked) throw notFound(MODERATION_MESSAGES.reportNotFound);
    // Resolutions of one target run one after the other (the next then finds nothing open). The
    // target's lock comes first, before any report row's, so two of them cannot deadlock.
    await serializeOn(tx, `moderation:${unlocked.targetType}:${unlocked.targetId}`);
    const report = await lockReport(tx, reportId);
    if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
    if (report.targetMemberId === moderatorId) throw forbidden(MODERATION_MESSAGES.ownCase);
    if (report.status !== 'open') throw conflict(MODERATION_MESSAGES.alreadyResolved);

    let mediaKeys: string[] = [];
    let suspended: { email: string; firstName: string } | undefined;
    if (resolution.action === 'remove') {
      mediaKeys = await removeTarget(context, tx, report.targetType, report.targetId, now);
    } else if (resolution.action === 'mark_sensitive') {
      const marked =
        report.targetType === 'post' && (await markPostSensitiveByModerator(tx, report.targetId));
      if (!marked) throw badRequest(MODERATION_MESSAGES.markSensitiveNotPost);
    } else if (resolution.action === 'suspend') {
      suspended = report.targetMemberId
        ? await suspendMember(tx, report.targetMemberId, resolution.note, now)
        : undefined;
      if (!suspended) throw conflict(MODERATION_MESSAGES.memberGone);
    }
    const resolvedCount = await resolveOpenReports(tx, report, {
      action: resolution.action,
      moderatorId,
      note: resolution.note,
      now,
    });
    await insertLogEntry(tx, {
      moderatorId,
      action: resolution.action,
      reportId: report.id,
      targetType: report.targetType,
      targetId: report.targetId,
      targetMemberId: report.targetMemberId,
      note: resolution.note,
      createdAt: now,
    });
    return { resolvedCount, mediaKeys, suspended, targetMemberId: report.targetMemberId };
  });

  await deleteMediaFiles(context.storage, context.logger, outcome.mediaKeys);
  if (outcome.suspended && outcome.targetMemberId) {
    await context.sessionStore.destroyAllForUser(outcome.targetMemberId);
    try {
      await context.mailer.send({
        to: outcome.suspended.email,
        ...suspensionEmail({
          firstName: outcome.suspended.firstName,
          reason: resolution.note,
          supportEmail: context.config.supportEmail,
        }),
      });
    } catch (error) {
      context.logger.error(
        { err: error, userId: outcome.targetMemberId },
        'suspension email could not be sent',
      );
    }
  }
  return { resolvedCount: outcome.resolvedCount };
}

/** Deletes the reported content through the feature that owns it; returns media keys to remove. */
async function removeTarget(
  context: { config: Pick<AppContext['config'], 'dataEncryptionKey'> },
  tx: Executor,
  targetType: ReportTargetType,
  targetId: string,
  now: Date,
): Promise<string[]> {
  switch (targetType) {
    case 'post': {
      const { mediaKey } = await removePost(tx, targetId);
      return mediaKey ? [mediaKey] : [];
    }
    case 'comment':
      await removeComment(tx, targetId, now);
      return [];
    case 'photo':
      return removePhoto(tx, targetId);
    case 'message':
      return removeReportedMessage(context, tx, targetId, now);
    case 'member':
      throw new AppError(400, MODERATION_MESSAGES.removeMember);
  }
}

/** GET /moderation/log: newest first, with the moderators' and members' names (two queries). */
export async function listLog(
  context: Pick<AppContext, 'db'>,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ entries: ModerationLogEntry[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, () => badRequest(MODERATION_MESSAGES.invalidCursor));
  const rows = await pageLog(context.db, { after, limit: query.limit });
  const { items, nextCursor } = toPage(rows, query.limit);
  const members = await unsafeMembersForModeration(
    context.db,
    items.flatMap((row) => [row.moderatorId, row.targetMemberId].filter((id) => id !== null)),
  );
  return { entries: items.map((row) => presentLogEntry(row, members)), nextCursor };
}
