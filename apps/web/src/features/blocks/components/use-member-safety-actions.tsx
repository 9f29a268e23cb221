import { BLOCK_MESSAGES, MUTE_MESSAGES } from '@kindred/contracts';
import { useState, type ReactNode } from 'react';
import type { ActionMenuItem } from '../../../components/ui/action-menu';
import { messageOf } from '../../../lib/api-client';
import { useBlockMember } from '../api/block-member';
import { useMuteMember, useMuteState, useUnmuteMember } from '../api/mute-member';
import { BLOCKS_UI_MESSAGES as M } from '../messages';
import { blocksToast } from '../toast';
import { BlockDialog } from './block-dialog';

/** The member a menu is about: a post's or comment's author, or the profile's owner. */
export interface SafetyTarget {
  _id: string;
  firstName: string;
  lastName: string;
}

export interface MemberSafetyOptions {
  /** The member; null (a deleted or missing author) offers nothing. */
  member: SafetyTarget | null;
  /** The signed-in member: no Block or Mute on their own things. */
  viewerId: string | null;
  /**
   * Ask whether the member is muted, to offer Unmute instead of Mute (the profile). Post cards and
   * comments skip the request: muted members' posts and comments are not in the feeds anyway, and
   * muting twice changes nothing.
   */
  knowMuteState?: boolean;
  /** After a block (e.g. the profile leaves the blocked member's page). */
  onBlocked?: () => void;
}

export interface MemberSafetyActions {
  /** Block and Mute (or Unmute), for an ActionMenu; empty on the viewer's own things. */
  items: ActionMenuItem[];
  /** The block confirmation, to render beside the menu. */
  dialog: ReactNode;
}

/** The "Block" and "Mute" entries of the ⋯ menu on a profile, a post card or a comment. */
export function useMemberSafetyActions({
  member,
  viewerId,
  knowMuteState = false,
  onBlocked,
}: MemberSafetyOptions): MemberSafetyActions {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMember();
  const mute = useMuteMember();
  const unmute = useUnmuteMember();
  const offered = member !== null && viewerId !== null && member._id !== viewerId;
  const muteState = useMuteState(member?._id ?? '', { enabled: offered && knowMuteState });

  if (!offered || !member) return { items: [], dialog: null };
  const name = `${member.firstName} ${member.lastName}`.trim() || member.firstName;
  const muted = muteState.data?.muted === true;

  const onConfirmBlock = () => {
    block.mutate(member._id, {
      onSuccess: () => {
        setConfirming(false);
        blocksToast().success(M.blocked(name));
        onBlocked?.();
      },
      onError: (error) => {
        setConfirming(false);
        blocksToast().error(messageOf(error, BLOCK_MESSAGES.blockFailed));
      },
    });
  };

  const onToggleMute = () => {
    const action = muted ? unmute : mute;
    action.mutate(member._id, {
      onSuccess: () => blocksToast().success(muted ? M.unmuted(name) : M.muted(name)),
      onError: (error) =>
        blocksToast().error(
          messageOf(error, muted ? MUTE_MESSAGES.unmuteFailed : MUTE_MESSAGES.muteFailed),
        ),
    });
  };

  return {
    items: [
      {
        id: muted ? 'unmute' : 'mute',
        label: muted ? M.unmuteItem(name) : M.muteItem(name),
        onSelect: onToggleMute,
      },
      { id: 'block', label: M.blockItem(name), onSelect: () => setConfirming(true), danger: true },
    ],
    dialog: (
      <BlockDialog
        open={confirming}
        name={name}
        busy={block.isPending}
        onConfirm={onConfirmBlock}
        onCancel={() => setConfirming(false)}
      />
    ),
  };
}
