import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './feed-tabs.module.css';

export type FeedTab = 'general' | 'following';

const TABS: readonly { value: FeedTab; label: string }[] = [
  { value: 'general', label: 'General' },
  { value: 'following', label: 'People You Follow' },
];

export interface FeedTabsProps {
  selected: FeedTab;
  onSelect: (tab: FeedTab) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * General / People You Follow (SPEC §2). An ARIA tab list: arrow keys, Home and End move between
 * the tabs and select them; only the selected tab is in the Tab order.
 */
export function FeedTabs({ selected, onSelect, children }: FeedTabsProps) {
  const id = useId();
  const tabRefs = useRef<Partial<Record<FeedTab, HTMLButtonElement | null>>>({});
  const tabId = (tab: FeedTab) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.value === selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    const tab = next === null ? undefined : TABS[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.value);
    tabRefs.current[tab.value]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Feed" className={styles.feedTabsList} onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.value}
            ref={(element) => {
              tabRefs.current[tab.value] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-selected={selected === tab.value}
            aria-controls={panelId}
            tabIndex={selected === tab.value ? 0 : -1}
            className={styles.feedTabsTab}
            onClick={() => onSelect(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  );
}
