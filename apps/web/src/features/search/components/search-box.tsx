import { SEARCH_LIMITS, type SearchSuggestion } from '@kindred/contracts';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { limitMessageOr } from '../../../lib/api-client';
import { stepActiveOption } from '../../../lib/listbox';
import { thumbnailSources } from '../../../lib/media-sources';
import { paths } from '../../../lib/paths';
import { useMemberSearch } from '../api/search-members';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { ViewAllState } from '../navigation-state';
import { clsx } from 'clsx';
import styles from './search-box.module.css';

/** A suggestion's avatar on screen (2.25rem). */
const SUGGESTION_AVATAR_PX = 36;

/** Pause after the last key before searching. */
export const SEARCH_DEBOUNCE_MS = 300;
const DROPDOWN_SIZE = SEARCH_LIMITS.dropdownSize;

export const SEARCH_TEXTS = {
  label: 'Search members',
  placeholder: 'Search members...',
  loading: 'Loading...',
  noResults: 'No Results',
  failed: 'Search failed. Please try again.',
  viewAll: 'View All',
} as const;

type Option = { kind: 'member'; member: SearchSuggestion } | { kind: 'viewAll' };

export interface SearchBoxProps {
  className?: string;
}

/**
 * The member search in the header (SPEC §2 "Search box", §5, §9): searches as you type (any query of
 * one character or more, after a short pause), shows at most 10 suggestions, "View All" when there
 * are more, and "No Results" / "Loading...". A combobox: arrow keys move through the suggestions
 * (the active one is kept in view), Enter opens one (or all results), Escape closes the list and then
 * clears the box. The list scrolls when long, so it can take focus itself (a scrollable region must
 * be reachable from the keyboard) and answers the same keys there.
 */
export function SearchBox({ className }: SearchBoxProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const query = text.trim();
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useMemberSearch(debounced, 1);
  const loading = query !== debounced || (query !== '' && search.isPending);
  const suggestions = (loading ? [] : (search.data?.suggestions ?? [])).slice(0, DROPDOWN_SIZE);
  const totalCount = loading ? 0 : (search.data?.totalCount ?? 0);
  const countLabel = `${totalCount}${!loading && search.data?.totalCountCapped ? '+' : ''}`;
  const options: Option[] = suggestions.map((member) => ({ kind: 'member', member }));
  if (totalCount > DROPDOWN_SIZE) options.push({ kind: 'viewAll' });
  const activeIndex = active < options.length ? active : -1;
  const showPopup = open && query !== '';
  const showList = showPopup && options.length > 0;

  const activeId = showList && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  /** The list closes when focus leaves the search box, not when it moves from the text to the list. */
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    close();
  };

  const viewAll = () => {
    const state: ViewAllState = { query, totalCount, suggestions, currentPage: 1 };
    navigate(paths.viewAll(), { state });
  };

  const choose = (option: Option) => {
    if (option.kind === 'viewAll') viewAll();
    else navigate(paths.viewProfile(option.member._id));
    close();
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (options.length === 0) return;
        setActive(stepActiveOption(activeIndex, event.key, options.length));
        return;
      }
      case 'Home':
      case 'End':
        if (!showList) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        return;
      case 'Enter': {
        event.preventDefault();
        const option = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (showPopup && option) choose(option);
        else if (query !== '') {
          // Enter on the text itself: all the results (the page fetches them if not here yet).
          viewAll();
          close();
          setText('');
        }
        return;
      }
      case 'Escape':
        if (showPopup) {
          event.preventDefault();
          // Back to the text (from the list), then closed: focusing the text alone would reopen it.
          inputRef.current?.focus();
          close();
        } else if (text !== '') {
          event.preventDefault();
          setText('');
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  let status: string | null = null;
  if (showPopup) {
    if (loading) status = SEARCH_TEXTS.loading;
    else if (search.isError) status = limitMessageOr(search.error, SEARCH_TEXTS.failed);
    else if (suggestions.length === 0) status = SEARCH_TEXTS.noResults;
  }

  return (
    <div className={clsx(styles.searchBox, className)} onBlur={onBlur}>
      <svg className={styles.searchBoxIcon} viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13.5 13.5L18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={inputRef}
        type="search"
        className={styles.searchBoxInput}
        role="combobox"
        aria-label={SEARCH_TEXTS.label}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        placeholder={SEARCH_TEXTS.placeholder}
        maxLength={SEARCH_LIMITS.maxQueryLength}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showPopup ? (
        // A click on the popup (its scrollbar, the gaps between options) leaves focus where it is.
        <div className={styles.searchBoxPopup} onMouseDown={(event) => event.preventDefault()}>
          {status ? (
            <p className={styles.searchBoxStatus} role="status">
              {status}
            </p>
          ) : (
            <p className="visually-hidden" role="status">
              {totalCount === 1 ? '1 result' : `${countLabel} results`}
            </p>
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label="Members found"
            aria-activedescendant={activeId}
            className={styles.searchBoxList}
            hidden={!showList}
            tabIndex={0}
            onKeyDown={onKeyDown}
          >
            {options.map((option, index) => {
              const selected = index === activeIndex;
              const className = clsx(
                styles.searchBoxOption,
                option.kind === 'viewAll' && styles.searchBoxOptionViewAll,
                selected && styles.searchBoxOptionActive,
              );
              return (
                <li
                  key={option.kind === 'member' ? option.member._id : 'view-all'}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  className={className}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  {option.kind === 'member' ? (
                    <>
                      <SuggestionAvatar member={option.member} />
                      <span className={styles.searchBoxName}>
                        {option.member.firstName} {option.member.lastName}
                      </span>
                    </>
                  ) : (
                    <span>
                      {SEARCH_TEXTS.viewAll}
                      <span className={styles.searchBoxCount}> ({countLabel})</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function SuggestionAvatar({ member }: { member: SearchSuggestion }) {
  if (member.profilePicture) {
    return (
      <img
        className={styles.searchAvatar}
        {...thumbnailSources(member.profilePicture, SUGGESTION_AVATAR_PX)}
        alt=""
        loading="lazy"
      />
    );
  }
  return (
    <span className={styles.searchAvatar} aria-hidden="true">
      {`${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase()}
    </span>
  );
}
