import { MATCH_MESSAGES, type MatchItem } from '@kindred/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMatches, useUnmatchMember } from '../api/matches';
import { formatDay } from '../format-day';
import { MATCHES_UI_MESSAGES as M } from '../messages';
import { MemberRow } from './member-row';
import { PagedList } from './paged-list';

/** The viewer's matches, newest first: Message (the conversation) and Unmatch (after confirming). */
export function MatchesList() {
  const matches = useMatches();
  const unmatch = useUnmatchMember();
  const [leaving, setLeaving] = useState<MatchItem['user'] | null>(null);
  const items = matches.data?.pages.flatMap((page) => page.matches) ?? [];

  const confirm = () => {
    if (!leaving) return;
    const { _id: userId, firstName } = leaving;
    unmatch.mutate(userId, {
      onSuccess: () => notify.success(M.unmatched(firstName)),
      onError: (error) => notify.error(messageOf(error, MATCH_MESSAGES.unmatchFailed)),
      onSettled: () => setLeaving(null),
    });
  };

  return (
    <>
      <PagedList
        query={matches}
        label="Your matches"
        empty={MATCH_MESSAGES.noMatches}
        failed={MATCH_MESSAGES.matchesLoadFailed}
        rows={items.map((match) => (
          <MemberRow
            key={match.user._id}
            member={match.user}
            note={`Matched on ${formatDay(match.matchedAt)}`}
            actions={
              <>
                <Link
                  className={buttonClassName({ size: 'sm' })}
                  to={paths.messages(match.user._id)}
                  aria-label={`Message ${match.user.firstName}`}
                >
                  Message
                </Link>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Unmatch ${match.user.firstName}`}
                  onClick={() => setLeaving(match.user)}
                >
                  Unmatch
                </Button>
              </>
            }
          />
        ))}
      />
      <ConfirmDialog
        open={leaving !== null}
        title={M.unmatchTitle(leaving?.firstName ?? '')}
        description={M.unmatchDescription(leaving?.firstName ?? '')}
        confirmLabel={M.unmatchConfirm}
        busy={unmatch.isPending}
        onConfirm={confirm}
        onCancel={() => setLeaving(null)}
      />
    </>
  );
}
