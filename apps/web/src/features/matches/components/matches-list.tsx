import { MATCH_MESSAGES, type MatchItem } from '@kindred/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toasts';
import { messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMatches, useUnmatchMember } from '../api/matches';
import { formatDay } from '../format-day';
import { MATCHES_UI_MESSAGES as M } from '../messages';
import { MemberRow } from './member-row';
import { PagedList } from './paged-list';
import { UnmatchDialog } from './unmatch-dialog';

/** The viewer's matches, newest first: Message (the conversation) and Unmatch (after confirming). */
export function MatchesList() {
  const matches = useMatches();
  const unmatch = useUnmatchMember();
  const [leaving, setLeaving] = useState<MatchItem['user'] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const items = matches.data?.pages.flatMap((page) => page.matches) ?? [];

  const close = () => {
    setLeaving(null);
    setFailed(null);
  };
  const confirm = () => {
    if (!leaving) return;
    const { _id: userId, firstName } = leaving;
    setFailed(null);
    unmatch.mutate(userId, {
      onSuccess: () => {
        close();
        notify.success(M.unmatched(firstName));
      },
      onError: (error) => setFailed(messageOf(error, MATCH_MESSAGES.unmatchFailed)),
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
      <UnmatchDialog
        name={leaving?.firstName ?? null}
        busy={unmatch.isPending}
        error={failed}
        onConfirm={confirm}
        onCancel={close}
      />
    </>
  );
}
