import {
  MODERATION_ACTION_LABELS,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  type CaseReport,
  type ModerationAction,
  type ModerationCase,
  type ReportSnapshot,
} from '@kindred/contracts';
import { clsx } from 'clsx';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { fieldClassNames } from '../../../components/ui/field-shell';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { PhotoVerificationReviews } from '../../photo-verification';
import { useIsModerator } from '../api/my-role';
import { useModerationLog, useModerationQueue, useResolveReport } from '../api/moderation-queue';
import { MODERATION_UI_MESSAGES as M } from '../messages';
import { moderationToast } from '../toast';
import styles from './moderation-page.module.css';

const VIEWS = ['open', 'resolved', 'log', 'photos'] as const;
type View = (typeof VIEWS)[number];

const PAST_TENSE: Record<ModerationAction, string> = {
  dismiss: 'dismissed the reports on',
  remove: 'removed',
  suspend: 'suspended the member behind',
  mark_sensitive: 'marked sensitive',
};

/** The keys of the triage, and the action each one takes on the active case. */
const SHORTCUTS: Record<ModerationAction, string> = {
  dismiss: 'd',
  remove: 'r',
  suspend: 's',
  mark_sensitive: 'm',
};

/** Whether an action applies to a case: a member is not removed; only a post with media is covered. */
function offersAction(action: ModerationAction, item: ModerationCase): boolean {
  if (action === 'remove') return item.targetType !== 'member';
  if (action === 'mark_sensitive') {
    return item.snapshot.type === 'post' && item.snapshot.media !== null;
  }
  return true;
}

/**
 * /moderation: open reports grouped by what they are about, for keyboard triage (J/K or the arrow
 * keys move between cases, D/R/S dismiss, remove or suspend — suspend asks first), the resolved
 * ones, and the log of every moderator action. Only moderators and admins see it; anyone else is
 * told it is not available (the API refuses them anyway).
 */
export function ModerationPage() {
  const { isModerator, isLoading } = useIsModerator();
  const [params, setParams] = useSearchParams();
  const requested = params.get('view');
  const view: View = (VIEWS as readonly string[]).includes(requested ?? '')
    ? (requested as View)
    : 'open';

  let content;
  if (isLoading) {
    content = <Spinner label="Loading" />;
  } else if (!isModerator) {
    content = (
      <Alert tone="info" title={M.notAvailableTitle}>
        {M.notAvailable} <Link to={paths.feed()}>Back to the feed</Link>
      </Alert>
    );
  } else {
    content = (
      <>
        <nav aria-label="Moderation views" className={styles.views}>
          {VIEWS.map((item) => (
            <button
              key={item}
              type="button"
              className={clsx(styles.viewButton, item === view && styles.viewActive)}
              aria-pressed={item === view}
              onClick={() => setParams(item === 'open' ? {} : { view: item })}
            >
              {M.tabs[item]}
            </button>
          ))}
        </nav>
        {view === 'log' ? (
          <ModerationLog />
        ) : view === 'photos' ? (
          <PhotoVerificationReviews />
        ) : (
          <CaseList key={view} status={view} />
        )}
      </>
    );
  }

  return (
    <MemberLayout>
      <div className={styles.page}>
        <h1 className={styles.title}>{M.pageTitle}</h1>
        {content}
      </div>
    </MemberLayout>
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('dialog[open]') !== null
  );
}

function CaseList({ status }: { status: 'open' | 'resolved' }) {
  const queue = useModerationQueue(status, { enabled: true });
  const resolve = useResolveReport();
  const cases = useMemo(() => queue.data?.pages.flatMap((page) => page.cases) ?? [], [queue.data]);
  const [active, setActive] = useState(0);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [suspending, setSuspending] = useState<ModerationCase | null>(null);
  const itemRefs = useRef(new Map<string, HTMLElement>());
  const activeIndex = Math.min(active, Math.max(cases.length - 1, 0));
  const activeCase = cases[activeIndex];

  const moveTo = useCallback(
    (index: number) => {
      const next = cases[index];
      if (!next) return;
      setActive(index);
      const element = itemRefs.current.get(next._id);
      element?.focus();
      element?.scrollIntoView?.({ block: 'nearest' });
    },
    [cases],
  );

  const act = useCallback(
    (item: ModerationCase, action: ModerationAction, note: string) => {
      if (resolve.isPending) return;
      resolve.mutate(
        { reportId: item._id, action, note },
        {
          onSuccess: (answer) => {
            moderationToast().success(answer.message);
            setSuspending(null);
          },
          onError: (error) => moderationToast().error(messageOf(error, M.resolveFailed)),
        },
      );
    },
    [resolve],
  );

  const start = useCallback(
    (item: ModerationCase, action: ModerationAction) => {
      if (action === 'remove' && item.targetType === 'member') return;
      if (action === 'suspend') setSuspending(item);
      else act(item, action, notes[item._id] ?? '');
    },
    [act, notes],
  );

  useEffect(() => {
    if (status !== 'open') return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'j' || key === 'arrowdown') {
        event.preventDefault();
        moveTo(Math.min(activeIndex + 1, cases.length - 1));
      } else if (key === 'k' || key === 'arrowup') {
        event.preventDefault();
        moveTo(Math.max(activeIndex - 1, 0));
      } else if (activeCase) {
        const action = (Object.keys(SHORTCUTS) as ModerationAction[]).find(
          (candidate) => SHORTCUTS[candidate] === key && offersAction(candidate, activeCase),
        );
        if (action) {
          event.preventDefault();
          start(activeCase, action);
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [status, activeIndex, activeCase, cases.length, moveTo, start]);

  if (queue.isLoading) return <Spinner label="Loading reports" />;
  if (queue.isError) return <Alert tone="error">{M.loadFailed}</Alert>;
  if (cases.length === 0) {
    return <p className={styles.empty}>{status === 'open' ? M.noOpen : M.noResolved}</p>;
  }

  return (
    <section aria-label={M.tabs[status]}>
      {status === 'open' ? <p className={styles.help}>{M.keyboardHelp}</p> : null}
      <ol className={styles.cases}>
        {cases.map((item, index) => (
          <li key={item._id}>
            <CaseCard
              item={item}
              status={status}
              active={status === 'open' && index === activeIndex}
              busy={resolve.isPending}
              note={notes[item._id] ?? ''}
              onNote={(note) => setNotes((all) => ({ ...all, [item._id]: note }))}
              onFocus={() => setActive(index)}
              onAction={(action) => {
                setActive(index);
                start(item, action);
              }}
              elementRef={(element) => {
                if (element) itemRefs.current.set(item._id, element);
                else itemRefs.current.delete(item._id);
              }}
            />
          </li>
        ))}
      </ol>
      {queue.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void queue.fetchNextPage()}
          loading={queue.isFetchingNextPage}
        >
          {M.loadMore}
        </Button>
      ) : null}
      {suspending ? (
        <SuspendDialog
          item={suspending}
          initialReason={notes[suspending._id] ?? ''}
          busy={resolve.isPending}
          onConfirm={(reason) => act(suspending, 'suspend', reason)}
          onCancel={() => setSuspending(null)}
        />
      ) : null}
    </section>
  );
}

function memberName(item: ModerationCase): string {
  if (item.targetMember) return `${item.targetMember.firstName} ${item.targetMember.lastName}`;
  if (item.snapshot.type === 'member')
    return `${item.snapshot.firstName} ${item.snapshot.lastName}`;
  return 'Deleted member';
}

function CaseCard({
  item,
  status,
  active,
  busy,
  note,
  onNote,
  onFocus,
  onAction,
  elementRef,
}: {
  item: ModerationCase;
  status: 'open' | 'resolved';
  active: boolean;
  busy: boolean;
  note: string;
  onNote: (note: string) => void;
  onFocus: () => void;
  onAction: (action: ModerationAction) => void;
  elementRef: (element: HTMLElement | null) => void;
}) {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const noteId = `${ids}-note`;
  const name = memberName(item);
  const reporters = `${item.reporterCount} ${item.reporterCount === 1 ? 'report' : 'reports'}`;
  return (
    <article
      ref={elementRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      aria-current={active ? 'true' : undefined}
      className={clsx(styles.case, active && styles.caseActive)}
      onFocus={onFocus}
      data-case-id={item._id}
    >
      <header className={styles.caseHeader}>
        <h2 id={headingId} className={styles.caseTitle}>
          {REPORT_TARGET_LABELS[item.targetType]} by {name}
        </h2>
        <span className={styles.caseMeta}>
          {reporters} · {item.reasons.map((reason) => REPORT_REASON_LABELS[reason]).join(', ')}
          {item.targetMember && item.targetMember.status !== 'active'
            ? ` · account ${item.targetMember.status}`
            : ''}
        </span>
      </header>
      <SnapshotView snapshot={item.snapshot} />
      <ReportList title="Reports" reports={item.reports} />
      {item.earlierReports.length > 0 ? (
        <ReportList title="Earlier reports" reports={item.earlierReports} />
      ) : null}
      {status === 'open' ? (
        <div className={styles.caseActions}>
          <div className={fieldClassNames.field}>
            <label className={fieldClassNames.label} htmlFor={noteId}>
              {M.noteFieldLabel}
            </label>
            <input
              id={noteId}
              className={fieldClassNames.control}
              value={note}
              maxLength={1000}
              onChange={(event) => onNote(event.target.value)}
            />
          </div>
          <div className={styles.buttons}>
            {(Object.keys(SHORTCUTS) as ModerationAction[]).map((action) =>
              !offersAction(action, item) ? null : (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'dismiss' ? 'secondary' : 'danger'}
                  aria-keyshortcuts={SHORTCUTS[action]}
                  disabled={busy}
                  onClick={() => onAction(action)}
                >
                  {MODERATION_ACTION_LABELS[action]}{' '}
                  <kbd className={styles.kbd} aria-hidden="true">
                    {SHORTCUTS[action].toUpperCase()}
                  </kbd>
                </Button>
              ),
            )}
          </div>
        </div>
      ) : null}
    </article>
  );
}

function SnapshotView({ snapshot }: { snapshot: ReportSnapshot }) {
  switch (snapshot.type) {
    case 'post':
      return (
        <blockquote className={styles.snapshot}>
          <p className={styles.snapshotTitle}>{snapshot.title}</p>
          {snapshot.description ? <p>{snapshot.description}</p> : null}
          {snapshot.media ? (
            <p>
              <a href={snapshot.media.url} target="_blank" rel="noreferrer">
                Open the {snapshot.media.type}
              </a>
            </p>
          ) : null}
        </blockquote>
      );
    case 'comment':
      return (
        <blockquote className={styles.snapshot}>
          <p>{snapshot.content}</p>
        </blockquote>
      );
    case 'member':
      return (
        <blockquote className={styles.snapshot}>
          <p className={styles.snapshotTitle}>
            {snapshot.firstName} {snapshot.lastName}
          </p>
          {snapshot.bio ? <p>{snapshot.bio}</p> : null}
          <p>
            {snapshot.photos.length} {snapshot.photos.length === 1 ? 'photo' : 'photos'}
          </p>
        </blockquote>
      );
    case 'photo':
      return (
        <div className={styles.snapshot}>
          <img src={snapshot.thumbnailUrl} alt="The reported photo" className={styles.photo} />
        </div>
      );
    case 'message':
      return (
        <blockquote className={styles.snapshot}>
          {snapshot.image ? (
            <p>
              <a href={snapshot.image.url} target="_blank" rel="noreferrer">
                <img
                  src={snapshot.image.url}
                  alt={snapshot.image.altText || M.messageImage}
                  className={styles.photo}
                />
              </a>
            </p>
          ) : null}
          {snapshot.text ? <p className={styles.messageText}>{snapshot.text}</p> : null}
          {!snapshot.text && !snapshot.image ? <p>{M.messageEmpty}</p> : null}
        </blockquote>
      );
  }
}

function ReportList({ title, reports }: { title: string; reports: CaseReport[] }) {
  return (
    <div className={styles.reports}>
      <h3 className={styles.reportsTitle}>{title}</h3>
      <ul className={styles.reportList}>
        {reports.map((report) => (
          <li key={report._id}>
            <strong>{REPORT_REASON_LABELS[report.reason]}</strong>{' '}
            <time dateTime={report.createdAt}>{new Date(report.createdAt).toLocaleString()}</time>
            {report.note ? <> — “{report.note}”</> : null}
            {report.action ? (
              <span className={styles.resolution}>
                {' '}
                · {MODERATION_ACTION_LABELS[report.action]}
                {report.resolutionNote ? `: ${report.resolutionNote}` : ''}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SuspendDialog({
  item,
  initialReason,
  busy,
  onConfirm,
  onCancel,
}: {
  item: ModerationCase;
  initialReason: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState(initialReason);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const trimmed = reason.trim();
  return (
    <Modal
      open
      onClose={busy ? () => undefined : onCancel}
      title={M.suspendTitle(memberName(item))}
      description={M.suspendDescription}
      size="sm"
      initialFocusRef={reasonRef}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {M.cancel}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            disabled={trimmed === ''}
            onClick={() => onConfirm(trimmed)}
          >
            {M.suspendConfirm}
          </Button>
        </>
      }
    >
      <div className={fieldClassNames.field}>
        <label className={fieldClassNames.label} htmlFor={id}>
          {M.suspendReasonLabel}
        </label>
        <textarea
          id={id}
          ref={reasonRef}
          className={fieldClassNames.control}
          rows={3}
          maxLength={1000}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
    </Modal>
  );
}

function ModerationLog() {
  const log = useModerationLog({ enabled: true });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  if (log.isLoading) return <Spinner label="Loading the log" />;
  if (log.isError) return <Alert tone="error">{M.loadFailed}</Alert>;
  if (entries.length === 0) return <p className={styles.empty}>{M.noLog}</p>;
  return (
    <section aria-label={M.tabs.log}>
      <ol className={styles.log}>
        {entries.map((entry) => (
          <li key={entry._id} className={styles.logEntry}>
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>{' '}
            <strong>
              {entry.moderator
                ? `${entry.moderator.firstName} ${entry.moderator.lastName}`
                : 'A former moderator'}
            </strong>{' '}
            {PAST_TENSE[entry.action]} a {REPORT_TARGET_LABELS[entry.targetType].toLowerCase()}
            {entry.targetMember
              ? ` of ${entry.targetMember.firstName} ${entry.targetMember.lastName}`
              : ''}
            {entry.note ? <> — “{entry.note}”</> : null}
          </li>
        ))}
      </ol>
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void log.fetchNextPage()}
          loading={log.isFetchingNextPage}
        >
          {M.loadMore}
        </Button>
      ) : null}
    </section>
  );
}
