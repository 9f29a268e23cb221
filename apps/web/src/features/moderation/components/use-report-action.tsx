import type { ReportTargetType } from '@kindred/contracts';
import { useState, type ReactNode } from 'react';
import type { ActionMenuItem } from '../../../components/ui/action-menu';
import { MODERATION_UI_MESSAGES as M } from '../messages';
import { ReportDialog } from './report-dialog';

export interface ReportActionOptions {
  targetType: ReportTargetType;
  /** The member's, post's or comment's id; a photo's file name. */
  targetId: string;
  /** Whose it is; null (a deleted author) offers nothing. */
  member: { _id: string; firstName: string; lastName: string } | null;
  /** The signed-in member: nobody reports their own things. */
  viewerId: string | null;
}

export interface ReportAction {
  /** "Report …" for an ActionMenu; empty on the viewer's own things. */
  items: ActionMenuItem[];
  /** The report dialog, to render beside the menu. */
  dialog: ReactNode;
}

/** The "Report" entry of the ⋯ menu on a post card, a comment, a profile or a photo. */
export function useReportAction({
  targetType,
  targetId,
  member,
  viewerId,
}: ReportActionOptions): ReportAction {
  const [open, setOpen] = useState(false);
  if (!member || viewerId === null || member._id === viewerId) return { items: [], dialog: null };
  const name = `${member.firstName} ${member.lastName}`.trim() || member.firstName;
  const label = targetType === 'member' ? M.reportItem.member(name) : M.reportItem[targetType];
  return {
    items: [{ id: 'report', label, onSelect: () => setOpen(true), danger: true }],
    dialog: (
      <ReportDialog
        open={open}
        target={{ targetType, targetId, memberName: name }}
        onClose={() => setOpen(false)}
      />
    ),
  };
}
