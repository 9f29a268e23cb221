import { Router } from 'express';
import {
  IdSchema,
  MODERATION_MESSAGES,
  ModerationQueueQuerySchema,
  PageQuerySchema,
  REPORT_MESSAGES,
  ReportRequestSchema,
  ResolveReportSchema,
  type ModerationLogResponse,
  type ModerationQueueResponse,
  type ReportResponse,
  type ResolveReportResponse,
} from '@kindred/contracts';
import type { AppContext } from '../../context.js';
import { memberId, requireMember, requireRole } from '../../http/auth.js';
import { parseBody } from '../../http/body.js';
import { parse } from '../../http/errors.js';
import { limitPerMember } from '../../http/rate-limit.js';
import { fileReport, listCases, listLog, resolveReport } from './service.js';

/**
 * POST /reports for every member; /moderation/* for moderators and admins only (`requireRole`:
 * 401 without a session, 403 for a member). Roles are granted from the command line, never here.
 */
export function moderationRoutes(context: AppContext): Router {
  const router = Router();
  const moderatorsOnly = requireRole(context.db, 'moderator');

  router.post(
    '/reports',
    requireMember,
    limitPerMember(context.rateLimiters, 'reportPerMember'),
    async (req, res) => {
      const input = parseBody(ReportRequestSchema, req);
      const reporterId = memberId(req);
      const report = await fileReport(context, reporterId, input);
      res.status(201).json({
        success: true,
        message: report.blocked ? REPORT_MESSAGES.sentAndBlocked : REPORT_MESSAGES.sent,
        report: { _id: report.id, status: report.status },
        blocked: report.blocked,
      } satisfies ReportResponse);
    },
  );

  router.get('/moderation/reports', moderatorsOnly, async (req, res) => {
    const query = parse(ModerationQueueQuerySchema, req.query);
    const page = await listCases(context, memberId(req), query);
    res.json({ success: true, ...page } satisfies ModerationQueueResponse);
  });

  router.post('/moderation/reports/:id/resolve', moderatorsOnly, async (req, res) => {
    const id = parse(IdSchema, req.params.id);
    const input = parseBody(ResolveReportSchema, req);
    const { resolvedCount } = await resolveReport(context, memberId(req), id, input);
    res.json({
      success: true,
      message: MODERATION_MESSAGES.resolved[input.action],
      resolvedCount,
    } satisfies ResolveReportResponse);
  });

  router.get('/moderation/log', moderatorsOnly, async (req, res) => {
    const query = parse(PageQuerySchema, req.query);
    const page = await listLog(context, query);
    res.json({ success: true, ...page } satisfies ModerationLogResponse);
  });

  return router;
}
