import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
import type { ActionMenuProps } from './action-menu';
import { MoreIcon } from './action-menu';
import styles from './action-menu.module.css';

export interface ActionMenuPopupProps extends ActionMenuProps {
  /** How the member pressed ActionMenu's stand-in button: the menu opens at once. */
  openedBy: 'pointer' | 'keyboard';
}

/**
 * The working "⋯" menu (Radix's dropdown menu: arrow keys, Home/End, type-ahead, Escape, focus
 * back on the button), which ActionMenu puts in place of its stand-in button when the member first
 * presses it. Rendered in place rather than in a portal, so the menu stays inside the page's
 * landmarks.
 */
export function ActionMenuPopup({ label, items, className, openedBy }: ActionMenuPopupProps) {
  const firstItemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Opened from the keyboard: the first action takes focus (after the menu's own focus on
    // itself, which ran in its effect before this one), as when Radix's button is pressed with
    // Enter.
    if (openedBy === 'keyboard') firstItemRef.current?.focus();
  }, [openedBy]);

  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={clsx(styles.trigger, className)} aria-label={label}>
          <MoreIcon />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
        {items.map((item, index) => (
          <DropdownMenu.Item
            key={item.id}
            ref={index === 0 ? firstItemRef : undefined}
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
