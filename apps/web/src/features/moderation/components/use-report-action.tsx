import type { ReportTargetType } from '@kindred/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ActionMenuItem } from '../../../components/ui/action-menu';
import { MODERATION_UI_MESSAGES as M } from '../messages';

// Loaded when first opened: its form (react-hook-form, the zod resolver) is not needed to show a
// feed of post cards, and few visits ever report anything.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((m) => ({ default: m.ReportDialog })),
);

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
  // Mounted from the first opening on, so closing keeps the dialog's own closing behaviour.
  const [wanted, setWanted] = useState(false);
  if (!member || viewerId === null || member._id === viewerId) return { items: [], dialog: null };
  const name = `${member.firstName} ${member.lastName}`.trim() || member.firstName;
  const label = targetType === 'member' ? M.reportItem.member(name) : M.reportItem[targetType];
  return {
    items: [
      {
        id: 'report',
        label,
        onSelect: () => {
          setWanted(true);
          setOpen(true);
        },
        danger: true,
      },
    ],
    dialog: wanted ? (
      <Suspense fallback={null}>
        <ReportDialog
          open={open}
          target={{ targetType, targetId, memberName: name }}
          onClose={() => setOpen(false)}
        />
      </Suspense>
    ) : null,
  };
}
