import { boostWaitText, DISCOVER_MESSAGES } from '@kindred/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toasts';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useBoostProfile, useBoostStatus } from '../api/boost';
import styles from './boost-panel.module.css';

const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** A time still to come, or null once it has passed. */
function future(iso: string | null, now: number): Date | null {
  if (!iso) return null;
  const at = new Date(iso);
  return at.getTime() > now ? at : null;
}

/**
 * Boost: first in others' Discover for a while, as often as the plan allows. Says until when a
 * boost runs, or when the next one is possible; a plan without boosts gets the upgrade dialog
 * from the server's refusal.
 */
export function BoostPanel() {
  const stateId = useId();
  const status = useBoostStatus();
  const boost = useBoostProfile();
  const [now, setNow] = useState(Date.now);
  const boostedUntil = future(status.data?.boostedUntil ?? null, now);
  const nextBoostAt = future(status.data?.nextBoostAt ?? null, now);

  const onBoost = () =>
    boost.mutate(undefined, {
      onSuccess: (response) => {
        setNow(Date.now());
        notify.success(response.message);
      },
      onError: (error) => {
        // PLAN_LIMIT opens the upgrade dialog (the member shell); anything else is said here.
        if (error instanceof ApiError && error.code === 'PLAN_LIMIT') return;
        notify.error(messageOf(error, DISCOVER_MESSAGES.boostFailed));
      },
    });

  let state: string | null = null;
  if (boostedUntil) state = `Boosted until ${TIME.format(boostedUntil)}`;
  else if (nextBoostAt) {
    state = `Next boost available ${boostWaitText((nextBoostAt.getTime() - now) / 1000)}`;
  }

  return (
    <div className={styles.boost}>
      <Button
        variant="secondary"
        size="sm"
        loading={boost.isPending}
        disabled={status.isPending || boostedUntil !== null || nextBoostAt !== null}
        onClick={onBoost}
        aria-describedby={state ? stateId : undefined}
      >
        Boost my profile
      </Button>
      {state ? (
        <span id={stateId} className={styles.state} role="status">
          {state}
        </span>
      ) : null}
    </div>
  );
}
