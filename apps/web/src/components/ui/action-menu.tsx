import { clsx } from 'clsx';
import { useEffect, useState, type ComponentType, type KeyboardEvent } from 'react';
import type { ActionMenuPopupProps } from './action-menu-popup';
import styles from './action-menu.module.css';

export interface ActionMenuItem {
  /** Stable key and test hook, e.g. 'block', 'report', 'edit'. */
  id: string;
  label: string;
  onSelect: () => void;
  /** Drawn in the danger colour (block, delete). */
  danger?: boolean;
}

export interface ActionMenuProps {
  /** Accessible name of the trigger, e.g. "More actions for Ana’s post". */
  label: string;
  items: readonly ActionMenuItem[];
  className?: string;
}

/** The three dots of the menu's button. */
export function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

type Popup = ComponentType<ActionMenuPopupProps>;
type OpenedBy = ActionMenuPopupProps['openedBy'];
let popupModule: Promise<Popup> | null = null;
/** The menu's code (Radix's dropdown menu with Floating UI: ~30 KB gzip), fetched once. */
function loadPopup(): Promise<Popup> {
  popupModule ??= import('./action-menu-popup').then((module) => module.ActionMenuPopup);
  return popupModule;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The "⋯" menu on a profile, a post card or a comment: a button that opens a menu of actions.
 * A feed draws one per post, and the menu's code is more than the rest of a post card, so the
 * first screen gets a plain button of the same look. Pointing at it or focusing it fetches the
 * menu's code; pressing it puts the menu (ActionMenuPopup) in its place, open. Renders nothing
 * when there is no action to offer.
 */
export function ActionMenu({ label, items, className }: ActionMenuProps) {
  const [openedBy, setOpenedBy] = useState<OpenedBy | null>(null);
  const [Popup, setPopup] = useState<Popup | null>(null);

  useEffect(() => {
    if (!openedBy) return;
    let current = true;
    void loadPopup().then((loaded) => {
      if (current) setPopup(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [openedBy]);

  if (items.length === 0) return null;
  if (Popup && openedBy) {
    return <Popup label={label} items={items} className={className} openedBy={openedBy} />;
  }

  const prefetch = () => void loadPopup();
  const open = (by: OpenedBy) => setOpenedBy((current) => current ?? by);
  return (
    <button
      type="button"
      className={clsx(styles.trigger, className)}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open('keyboard');
      }}
      // On pointerdown, as Radix's own button opens.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) open('pointer');
      }}
      onClick={() => open('pointer')}
    >
      <MoreIcon />
    </button>
  );
}
