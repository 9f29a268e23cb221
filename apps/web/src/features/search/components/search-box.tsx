import { SEARCH_LIMITS, type SearchSuggestion } from '@kindred/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMemberSearch } from '../api/search-members';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import type { ViewAllState } from '../navigation-state';
import '../search.css';

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
 * are more, and "No Results" / "Loading...". A combobox: arrow keys move through the suggestions,
 * Enter opens one (or all results), Escape closes the list and then clears the box.
 */
export function SearchBox({ className }: SearchBoxProps) {
  const navigate = useNavigate();
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
  const options: Option[] = suggestions.map((member) => ({ kind: 'member', member }));
  if (totalCount > DROPDOWN_SIZE) options.push({ kind: 'viewAll' });
  const activeIndex = active < options.length ? active : -1;
  const showPopup = open && query !== '';
  const showList = showPopup && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (options.length === 0) return;
        const delta = event.key === 'ArrowDown' ? 1 : -1;
        const start = activeIndex === -1 ? (delta === 1 ? -1 : 0) : activeIndex;
        setActive((start + delta + options.length) % options.length);
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
    else if (search.isError) status = SEARCH_TEXTS.failed;
    else if (suggestions.length === 0) status = SEARCH_TEXTS.noResults;
  }

  return (
    <div className={['search-box', className].filter(Boolean).join(' ')}>
      <svg className="search-box__icon" viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="9" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13.5 13.5L18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        className="search-box__input"
        role="combobox"
        aria-label={SEARCH_TEXTS.label}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && activeIndex >= 0 ? optionId(activeIndex) : undefined}
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
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {showPopup ? (
        <div className="search-box__popup">
          {status ? (
            <p className="search-box__status" role="status">
              {status}
            </p>
          ) : (
            <p className="visually-hidden" role="status">
              {totalCount === 1 ? '1 result' : `${totalCount} results`}
            </p>
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label="Members found"
            className="search-box__list"
            hidden={!showList}
          >
            {options.map((option, index) => {
              const selected = index === activeIndex;
              const className = [
                'search-box__option',
                option.kind === 'viewAll' && 'search-box__option--view-all',
                selected && 'search-box__option--active',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <li
                  key={option.kind === 'member' ? option.member._id : 'view-all'}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  className={className}
                  // Keep focus in the box: the click below does the choosing.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  {option.kind === 'member' ? (
                    <>
                      <SuggestionAvatar member={option.member} />
                      <span className="search-box__name">
                        {option.member.firstName} {option.member.lastName}
                      </span>
                    </>
                  ) : (
                    <span className="search-box__view-all">
                      {SEARCH_TEXTS.viewAll}
                      <span className="search-box__count"> ({totalCount})</span>
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
    return <img className="search-avatar" src={member.profilePicture} alt="" loading="lazy" />;
  }
  return (
    <span className="search-avatar search-avatar--initials" aria-hidden="true">
      {`${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase()}
    </span>
  );
}
