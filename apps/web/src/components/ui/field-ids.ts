import { useId } from 'react';

/** Ids tying a control to its label, hint and error text (label for/id, aria-describedby). */
export function useFieldIds(
  id: string | undefined,
  hasHint: boolean,
  hasError: boolean,
  /** Ids of further descriptions the caller passed as aria-describedby. */
  extraDescribedBy?: string,
) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hasHint ? `${controlId}-hint` : undefined;
  const errorId = hasError ? `${controlId}-error` : undefined;
  const describedBy = [hintId, extraDescribedBy, errorId].filter(Boolean).join(' ') || undefined;
  /** Spread on the control (before the caller's own props, which may override them). */
  const controlProps = {
    id: controlId,
    'aria-invalid': hasError ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return { controlId, hintId, errorId, describedBy, controlProps };
}

export type FieldIds = ReturnType<typeof useFieldIds>;
