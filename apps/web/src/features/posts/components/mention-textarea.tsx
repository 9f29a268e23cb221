import {
  autoUpdate,
  flip,
  offset,
  shift,
  size,
  useFloating,
  type Middleware,
} from '@floating-ui/react-dom';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { fieldClassNames } from '../../../components/ui/field-shell';
import { Spinner } from '../../../components/ui/spinner';
import { useMentionCandidates } from '../api/search-mentions';
import {
  editDraft,
  findMentionTrigger,
  insertMention,
  mentionMarkupLength,
  mentionName,
  type MentionDraft,
} from '../lib/mentions';
import { clsx } from 'clsx';
import styles from './mention-textarea.module.css';

/** Wait this long after the last keystroke before asking for suggestions. */
const SEARCH_DEBOUNCE_MS = 200;
/** The suggestion list's tallest height (8 members), less where the window has no room. */
const POPUP_MAX_HEIGHT_PX = 336;

/** The popup is as wide as the box and never taller than the room left on screen. */
const FLOATING_MIDDLEWARE: Middleware[] = [
  offset(4),
  flip({ padding: 8 }),
  shift({ padding: 8 }),
  size({
    padding: 8,
    apply({ rects, availableHeight, elements }) {
      Object.assign(elements.floating.style, {
        width: `${rects.reference.width}px`,
        maxHeight: `${Math.max(96, Math.min(availableHeight, POPUP_MAX_HEIGHT_PX))}px`,
      });
    },
  }),
];

export interface MentionTextareaProps {
  label: string;
  /** Keep the label for assistive tech only (the placeholder says it visually). */
  hideLabel?: boolean;
  /** The text shown and the members picked in it (`draftToContent` gives what to send). */
  value: MentionDraft;
  onChange: (value: MentionDraft) => void;
  placeholder?: string;
  disabled?: boolean;
  /** While the text is being sent: unchangeable, but still focusable. */
  readOnly?: boolean;
  /** Of the text as sent (each mention's stored form counts in full). */
  maxLength?: number;
  rows?: number;
  autoFocus?: boolean;
  /** Ctrl+Enter / Cmd+Enter. */
  onSubmitShortcut?: () => void;
}

/** The box's text with each picked member wrapped in a <mark>, for the highlight layer. */
function highlightPieces(draft: MentionDraft): ReactNode[] {
  const pieces: ReactNode[] = [];
  let cursor = 0;
  for (const mention of draft.mentions) {
    pieces.push(draft.text.slice(cursor, mention.start));
    pieces.push(
      <mark key={mention.start} className={styles.mentionBoxMark}>
        {draft.text.slice(mention.start, mention.end)}
      </mark>,
    );
    cursor = mention.end;
  }
  // A final new line only counts in a textarea when something follows it.
  pieces.push(`${draft.text.slice(cursor)}\n`);
  return pieces;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * A comment box with @mention autocomplete: typing "@" and the start of a name lists matching
 * members (GET /api/users/search?q=); picking one (click, Enter or Tab; arrows move, Escape
 * closes) writes a plain "@First Last" in the box and remembers the member, so the comment is sent
 * with `@[First Last](id)` and shown with a link to their profile. Editing inside a picked name
 * forgets that member (the text stays).
 *
 * The suggestions float in a layer of their own (a portal on the page's body, placed under the box
 * by Floating UI), so a post card's clipping never hides them; the active one is kept in view.
 */
export function MentionTextarea({
  label,
  hideLabel = false,
  value,
  onChange,
  placeholder,
  disabled,
  readOnly,
  maxLength,
  rows = 2,
  autoFocus,
  onSubmitShortcut,
}: MentionTextareaProps) {
  const id = useId();
  const textareaId = `${id}-input`;
  const listboxId = `${id}-mentions`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const highlightsRef = useRef<HTMLDivElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const text = value.text;
  const [caret, setCaret] = useState(text.length);
  // The "@" whose suggestions were dismissed with Escape (they stay closed until another "@").
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState({ query: '', index: 0 });

  const trigger = findMentionTrigger(text, caret, value.mentions);
  const query =
    trigger && trigger.start !== dismissedAt && trigger.query.length > 0 ? trigger.query : null;
  const debouncedQuery = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const search = useMentionCandidates(query === null ? null : debouncedQuery);
  const candidates = query === null ? [] : (search.data ?? []);
  const searching = query !== null && (query !== debouncedQuery || search.isFetching);
  const open = query !== null && (candidates.length > 0 || searching || search.isSuccess);
  const activeIndex = active.query === query ? Math.min(active.index, candidates.length - 1) : 0;
  const activeCandidate = open ? candidates[activeIndex] : undefined;

  const { refs, floatingStyles } = useFloating<HTMLTextAreaElement>({
    open,
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: FLOATING_MIDDLEWARE,
    whileElementsMounted: autoUpdate,
  });
  const { setReference, setFloating } = refs;
  const setTextarea = useCallback(
    (element: HTMLTextAreaElement | null) => {
      textareaRef.current = element;
      setReference(element);
    },
    [setReference],
  );

  const optionId = (index: number) => `${id}-option-${index}`;
  const activeOptionId = activeCandidate ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (!activeOptionId) return;
    document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  useLayoutEffect(() => {
    const position = pendingCaret.current;
    const textarea = textareaRef.current;
    if (position === null || !textarea) return;
    pendingCaret.current = null;
    textarea.focus();
    textarea.setSelectionRange(position, position);
  }, [text]);

  const choose = (index: number) => {
    const member = candidates[index];
    if (!trigger || !member) return;
    const result = insertMention(value, trigger, caret, member);
    pendingCaret.current = result.caret;
    setCaret(result.caret);
    onChange(result.draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmitShortcut) {
      event.preventDefault();
      onSubmitShortcut();
      return;
    }
    if (!open || query === null) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(trigger?.start ?? null);
      return;
    }
    if (candidates.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ query, index: (activeIndex + step + candidates.length) % candidates.length });
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(activeIndex);
    }
  };

  const popup = open ? (
    <div ref={setFloating} className={styles.mentionBoxPopup} style={floatingStyles}>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Mention someone"
        className={styles.mentionBoxList}
      >
        {candidates.map((member, index) => (
          <li
            key={member._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={styles.mentionBoxOption}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(index)}
            onMouseEnter={() => setActive({ query: query ?? '', index })}
          >
            {member.profilePicture ? (
              <img className={styles.mentionBoxAvatar} src={member.profilePicture} alt="" />
            ) : (
              <span
                className={clsx(styles.mentionBoxAvatar, styles.mentionBoxAvatarEmpty)}
                aria-hidden="true"
              />
            )}
            <span>{mentionName(member)}</span>
          </li>
        ))}
      </ul>
      {candidates.length === 0 ? (
        <p className={styles.mentionBoxStatus} role="status">
          {searching ? <Spinner size="sm" label="Searching members" /> : 'No members found'}
        </p>
      ) : null}
    </div>
  ) : null;

  return (
    <div className={styles.mentionBox}>
      <label htmlFor={textareaId} className={hideLabel ? 'visually-hidden' : fieldClassNames.label}>
        {label}
      </label>
      {/* Picked members are highlighted in a layer behind the (transparent) textarea. */}
      <div className={styles.mentionBoxField}>
        <div
          ref={highlightsRef}
          className={clsx(
            fieldClassNames.control,
            styles.mentionBoxHighlights,
            (readOnly || disabled) && styles.mentionBoxHighlightsMuted,
          )}
          aria-hidden="true"
        >
          {highlightPieces(value)}
        </div>
        <textarea
          ref={setTextarea}
          id={textareaId}
          className={clsx(fieldClassNames.control, styles.mentionBoxInput)}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          readOnly={readOnly}
          maxLength={
            maxLength === undefined
              ? undefined
              : Math.max(text.length, maxLength - mentionMarkupLength(value.mentions))
          }
          rows={rows}
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={activeOptionId}
          onChange={(event) => {
            const nextCaret = event.target.selectionStart ?? event.target.value.length;
            setCaret(nextCaret);
            onChange(editDraft(value, event.target.value, nextCaret));
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          onScroll={(event) => {
            if (highlightsRef.current)
              highlightsRef.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onBlur={() => setDismissedAt(trigger?.start ?? null)}
          onFocus={() => setDismissedAt(null)}
        />
      </div>
      {popup ? createPortal(popup, document.body) : null}
    </div>
  );
}
