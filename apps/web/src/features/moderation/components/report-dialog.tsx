import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  ReportFormSchema,
  type ReportForm,
  type ReportTargetType,
} from '@kindred/contracts';
import { clsx } from 'clsx';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { fieldClassNames } from '../../../components/ui/field-shell';
import { Modal } from '../../../components/ui/modal';
import { ApiError, limitMessageOr, messageOf } from '../../../lib/api-client';
import { useFileReport } from '../api/file-report';
import { MODERATION_UI_MESSAGES as M } from '../messages';
import { moderationToast } from '../toast';
import styles from './report-dialog.module.css';

export interface ReportTarget {
  targetType: ReportTargetType;
  /** The id of the member, post or comment; a photo's file name. */
  targetId: string;
  /** The member it belongs to, for "Also block …". */
  memberName: string;
}

export interface ReportDialogProps {
  open: boolean;
  target: ReportTarget;
  onClose: () => void;
}

/**
 * "Report this post": a reason (radio buttons), an optional note with a counter, and "Also block
 * this member". The reporter is never named to the member reported.
 */
export function ReportDialog({ open, target, onClose }: ReportDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={M.reportTitle[target.targetType]}
      description={M.reportIntro}
      size="md"
      closeOnBackdrop={!busy}
    >
      {open ? <ReportFormBody target={target} onBusyChange={setBusy} onDone={onClose} /> : null}
    </Modal>
  );
}

function ReportFormBody({
  target,
  onBusyChange,
  onDone,
}: {
  target: ReportTarget;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { register, handleSubmit, formState, control } = useForm<ReportForm>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: { note: '', block: false },
  });
  const report = useFileReport();
  const sending = report.isPending;
  const [serverError, setServerError] = useState<string | null>(null);
  const ids = useId();
  const noteId = `${ids}-note`;
  const counterId = `${ids}-counter`;
  const reasonErrorId = `${ids}-reason-error`;
  const noteLength = (useWatch({ control, name: 'note' }) ?? '').length;

  useEffect(() => {
    onBusyChange(sending);
  }, [sending, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const onSubmit = handleSubmit((fields) => {
    if (sending) return;
    setServerError(null);
    report.mutate(
      {
        targetType: target.targetType,
        targetId: target.targetId,
        reason: fields.reason,
        note: fields.note,
        block: fields.block,
      },
      {
        onSuccess: (answer) => {
          moderationToast().success(answer.message);
          onDone();
        },
        onError: (error) => {
          // "Already reported" is an answer, not a failure: said as the server says it.
          if (error instanceof ApiError && error.code === 'ALREADY_REPORTED') {
            moderationToast().info(messageOf(error, M.reportFailed));
            onDone();
            return;
          }
          const refusal =
            error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
          const message = refusal || limitMessageOr(error, M.reportFailed);
          moderationToast().error(message);
          // Toasts sit behind the open dialog: the dialog says it too.
          setServerError(message);
        },
      },
    );
  });

  const reasonError = formState.errors.reason?.message;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <fieldset
        className={styles.reasons}
        disabled={sending}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? reasonErrorId : undefined}
      >
        <legend className={fieldClassNames.label}>{M.reasonLegend}</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className={styles.choice}>
            <input type="radio" value={reason} {...register('reason')} />
            <span>{REPORT_REASON_LABELS[reason]}</span>
          </label>
        ))}
        {reasonError ? (
          <p id={reasonErrorId} className={styles.error} role="alert">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <div className={fieldClassNames.field}>
        <label className={fieldClassNames.label} htmlFor={noteId}>
          {M.noteLabel}
        </label>
        <textarea
          id={noteId}
          className={clsx(fieldClassNames.control, styles.note)}
          rows={3}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          aria-describedby={counterId}
          disabled={sending}
          {...register('note')}
        />
        <p id={counterId} className={styles.counter} aria-live="polite">
          {noteLength} / {REPORT_NOTE_MAX_LENGTH}
        </p>
      </div>
      <Checkbox
        label={M.alsoBlock(target.memberName)}
        hint={M.alsoBlockHint}
        disabled={sending}
        {...register('block')}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={sending}>
          {M.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={sending}>
          {M.send}
        </Button>
      </div>
    </form>
  );
}
