import { z } from 'zod';
import { IdSchema } from './common.js';
import { PageQuerySchema } from './posts.js';
import {
  MEMBER_ROLES,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  type MemberRole,
  type ModerationAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from './safety.js';

/**
 * Reports and moderation: what a member may report and why, what a moderator sees and does, and the
 * words both read. The enums themselves are in safety.ts (the database CHECKs are built from them).
 */

export const REPORT_NOTE_MAX_LENGTH = 1000;
export const RESOLUTION_NOTE_MAX_LENGTH = 1000;

/** How the reasons read in the report dialog, the moderation page and the suspension mail. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  harassment: 'Harassment',
  fake_profile: 'Fake profile',
  underage: 'Underage',
  nudity: 'Nudity or sexual content',
  violence: 'Violence',
  other: 'Other',
};

export const REPORT_TARGET_LABELS: Readonly<Record<ReportTargetType, string>> = {
  member: 'Member',
  post: 'Post',
  comment: 'Comment',
  photo: 'Photo',
  message: 'Message',
};

export const MODERATION_ACTION_LABELS: Readonly<Record<ModerationAction, string>> = {
  dismiss: 'Dismiss',
  remove: 'Remove',
  suspend: 'Suspend',
  mark_sensitive: 'Mark sensitive',
};

/** member < moderator < admin: an admin may do everything a moderator may. */
export function hasRole(role: MemberRole | null | undefined, minimum: MemberRole): boolean {
  if (!role) return false;
  return MEMBER_ROLES.indexOf(role) >= MEMBER_ROLES.indexOf(minimum);
}

export const REPORT_MESSAGES = {
  sent: 'Thank you. Our moderators will look at your report.',
  sentAndBlocked:
    'Thank you. Our moderators will look at your report, and you have blocked this member.',
  alreadyReported: 'You have already reported this. Our moderators will look at it.',
  notFound: 'There is nothing to report here: it is gone or you cannot see it.',
  ownContent: 'You cannot report yourself or your own posts, comments, photos and messages.',
  noteTooLong: `Notes can be at most ${REPORT_NOTE_MAX_LENGTH} characters`,
  reasonRequired: 'Choose a reason',
  invalidPhoto: 'Invalid photo',
} as const;

export const MODERATION_MESSAGES = {
  moderatorsOnly: 'Only moderators can do this.',
  reportNotFound: 'Report not found',
  alreadyResolved: 'This report has already been resolved.',
  ownCase: 'You cannot moderate reports about yourself.',
  resolved: {
    dismiss: 'Reports dismissed.',
    remove: 'Content removed and reports resolved.',
    suspend: 'Member suspended and reports resolved.',
    mark_sensitive: 'Post marked sensitive and reports resolved.',
  } satisfies Record<ModerationAction, string>,
  removeMember: 'A member is suspended, not removed. To remove a photo, resolve a photo report.',
  markSensitiveNotPost: 'Only posts with an image or a video can be marked sensitive.',
  memberGone: 'This member has deleted their account.',
  suspendNoteRequired: 'Say why the member is suspended: the reason is mailed to them.',
  noteTooLong: `Notes can be at most ${RESOLUTION_NOTE_MAX_LENGTH} characters`,
  invalidCursor: 'Invalid cursor',
} as const;

/**
 * POST /reports. `targetId` is the member's, post's, comment's or message's id; for a photo it is the photo's
 * file name (the last part of its URL), the way photos are named everywhere else in the API.
 */
export const ReportRequestSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, 'Choose what you are reporting'),
    targetId: z.string().min(1, 'Invalid ID').max(100, 'Invalid ID'),
    reason: z.enum(REPORT_REASONS, REPORT_MESSAGES.reasonRequired),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX_LENGTH, REPORT_MESSAGES.noteTooLong)
      .optional()
      .default(''),
    block: z.boolean().optional().default(false),
  })
  .superRefine((input, ctx) => {
    if (input.targetType !== 'photo' && !IdSchema.safeParse(input.targetId).success) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'Invalid ID' });
    }
    if (input.targetType === 'photo' && !/^[A-Za-z0-9_-]+\.[a-z0-9]+$/.test(input.targetId)) {
      ctx.addIssue({ code: 'custom', path: ['targetId'], message: REPORT_MESSAGES.invalidPhoto });
    }
  });
export type ReportRequest = z.input<typeof ReportRequestSchema>;

/** The form of the report dialog (the target comes from where it was opened). */
export const ReportFormSchema = z.object({
  reason: z.enum(REPORT_REASONS, REPORT_MESSAGES.reasonRequired),
  note: z.string().max(REPORT_NOTE_MAX_LENGTH, REPORT_MESSAGES.noteTooLong),
  block: z.boolean(),
});
export type ReportForm = z.infer<typeof ReportFormSchema>;

export interface ReportResponse {
  success: true;
  message: string;
  report: { _id: string; status: ReportStatus };
  /** True when the member was blocked as well. */
  blocked: boolean;
}

/** GET /moderation/reports?status=open|resolved&cursor=&limit= */
export const ModerationQueueQuerySchema = PageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES, 'status must be open or resolved').default('open'),
});

/** POST /moderation/reports/:id/resolve */
export const ResolveReportSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, 'action must be dismiss, remove, suspend or mark_sensitive'),
    note: z
      .string()
      .trim()
      .max(RESOLUTION_NOTE_MAX_LENGTH, MODERATION_MESSAGES.noteTooLong)
      .optional()
      .default(''),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'suspend' && input.note === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: MODERATION_MESSAGES.suspendNoteRequired,
      });
    }
  });
export type ResolveReportRequest = z.input<typeof ResolveReportSchema>;

/**
 * What was reported, as it was when the first report in a case was made. Media keys are kept so a
 * moderator can still open the file while the content exists; removing the content removes the file.
 */
export type ReportSnapshot =
  | {
      type: 'post';
      title: string;
      description: string;
      privacy: string;
      media: { url: string; type: string } | null;
      createdAt: string;
    }
  | { type: 'comment'; content: string; postId: string; createdAt: string }
  | {
      type: 'member';
      firstName: string;
      lastName: string;
      bio: string;
      photos: string[];
    }
  | { type: 'photo'; url: string; thumbnailUrl: string }
  /**
   * A private message as it was when reported (kept sealed at rest like the message itself; only
   * moderators read it). `image` is null for a text-only message.
   */
  | {
      type: 'message';
      conversationId: string;
      text: string | null;
      image: { url: string; altText: string | null } | null;
      createdAt: string;
    };

/** One report inside a case, without who made it (reporters are never named, not even here). */
export interface CaseReport {
  _id: string;
  reason: ReportReason;
  note: string;
  status: ReportStatus;
  action: ModerationAction | null;
  resolutionNote: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** The reported member as they are now (suspended and disabled members included). */
export interface ModerationMember {
  _id: string;
  firstName: string;
  lastName: string;
  status: string;
}

/** Every report on one target with the status asked for, and what came before. */
export interface ModerationCase {
  /** The newest report of the case: resolving it resolves every open report on the target. */
  _id: string;
  targetType: ReportTargetType;
  targetId: string;
  targetMember: ModerationMember | null;
  snapshot: ReportSnapshot;
  reporterCount: number;
  reasons: ReportReason[];
  reports: CaseReport[];
  /** Reports on the same target resolved before (open cases), oldest first. */
  earlierReports: CaseReport[];
  lastReportedAt: string;
}

export interface ModerationQueueResponse {
  success: true;
  cases: ModerationCase[];
  nextCursor: string | null;
}

export interface ResolveReportResponse {
  success: true;
  message: string;
  resolvedCount: number;
}

export interface ModerationLogEntry {
  _id: string;
  action: ModerationAction;
  moderator: { _id: string; firstName: string; lastName: string } | null;
  targetType: ReportTargetType;
  targetId: string;
  targetMember: ModerationMember | null;
  reportId: string | null;
  note: string;
  createdAt: string;
}

export interface ModerationLogResponse {
  success: true;
  entries: ModerationLogEntry[];
  nextCursor: string | null;
}
