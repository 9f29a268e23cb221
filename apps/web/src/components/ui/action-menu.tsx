import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
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

/**
 * The "⋯" menu on a profile, a post card or a comment: a button that opens a menu of actions
 * (Radix's dropdown menu: arrow keys, Home/End, type-ahead, Escape, focus back on the button).
 * Rendered in place rather than in a portal, so the menu stays inside the page's landmarks.
 * Renders nothing when there is no action to offer.
 */
export function ActionMenu({ label, items, className }: ActionMenuProps) {
  if (items.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={clsx(styles.trigger, className)} aria-label={label}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="5" cy="12" r="2" fill="currentColor" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <circle cx="19" cy="12" r="2" fill="currentColor" />
          </svg>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
        {items.map((item) => (
          <DropdownMenu.Item
            key={item.id}
            className={clsx(styles.item, item.danger && styles.danger)}
            data-action={item.id}
            onSelect={item.onSelect}
          >
            {item.label}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
