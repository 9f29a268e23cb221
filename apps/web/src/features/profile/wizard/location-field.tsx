import { PROFILE_LIMITS, type GeoPlace } from '@kindred/contracts';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toasts';
import { limitMessageOr } from '../../../lib/api-client';
import { stepActiveOption } from '../../../lib/listbox';
import { requestCoordinates } from '../../../lib/geolocation';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { reverseGeocode } from '../api/reverse-geocode';
import { useCitySearch } from '../api/search-cities';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import { locationFromPlace, locationFromText } from './location';
import type { WizardLocation } from './wizard-form';
import styles from './location-field.module.css';

/** Pause after the last key before asking for suggestions. */
export const CITY_SEARCH_DEBOUNCE_MS = 250;

export const LOCATION_TEXTS = {
  label: 'Location',
  placeholder: 'Start typing your city',
  hint: 'Type your city and pick it from the list, or use your current location.',
  useMyLocation: 'Use my location',
  locating: 'Locating...',
  listLabel: 'Cities',
  loading: 'Loading...',
  noResults: 'No city found. You can keep what you typed.',
  failed: 'Suggestions are not available right now. You can keep what you typed.',
  typeInstead: 'You can type your city instead.',
  found: (count: number) => (count === 1 ? '1 city found' : `${count} cities found`),
} as const;

export interface LocationFieldProps {
  value: WizardLocation | null;
  onChange: (location: WizardLocation | null) => void;
  error?: string;
}

/**
 * The member's city: an editable combobox (ARIA 1.2 pattern, list autocomplete). Typing asks the API
 * for cities starting with the text (GET /api/geo/cities, after a short pause); arrow keys move
 * through them, Enter or a click picks one, Escape closes the list. Text left as typed is kept too
 * (the API looks it up when saving). "Use my location" fills it from the browser's position and the
 * API's reverse lookup (GET /api/geo/reverse); when the browser refuses, the member is told why and
 * can type instead — coordinates are never put in the field.
 */
export function LocationField({ value, onChange, error }: LocationFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listId = `${baseId}-cities`;
  const optionId = (index: number) => `${baseId}-city-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const text = value?.text ?? '';
  const query = text.trim();
  const debounced = useDebouncedValue(query, CITY_SEARCH_DEBOUNCE_MS);
  const search = useCitySearch(open ? debounced : '');
  const loading = query !== debounced || (query !== '' && search.isPending);
  const cities: GeoPlace[] = loading ? [] : (search.data ?? []);
  const activeIndex = active < cities.length ? active : -1;
  const showPopup = open && query !== '';
  const showList = showPopup && cities.length > 0;
  const activeId = showList && activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (place: GeoPlace) => {
    onChange(locationFromPlace(place));
    setNotice(null);
    setFailure(null);
    close();
  };

  /** The list closes when focus leaves the field, not when it moves within it. */
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (cities.length === 0) return;
        setActive(stepActiveOption(activeIndex, event.key, cities.length));
        return;
      }
      case 'Enter': {
        const city = activeIndex >= 0 ? cities[activeIndex] : undefined;
        if (showList && city) {
          // Picking a city, not submitting the step.
          event.preventDefault();
          pick(city);
        } else if (showPopup) {
          event.preventDefault();
          close();
        }
        return;
      }
      case 'Escape':
        if (showPopup) {
          event.preventDefault();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  const locateMe = async () => {
    setLocating(true);
    setFailure(null);
    setNotice(null);
    close();
    try {
      let position;
      try {
        position = await requestCoordinates({ timeout: 15_000 });
      } catch {
        setFailure(M.locationFailed);
        notify.error(M.locationFailedToast);
        inputRef.current?.focus();
        return;
      }
      try {
        const { place } = await reverseGeocode(position.latitude, position.longitude);
        onChange(locationFromPlace(place, position));
      } catch {
        setNotice(M.addressFailed);
        inputRef.current?.focus();
      }
    } finally {
      setLocating(false);
    }
  };

  let status: string | null = null;
  if (showPopup) {
    if (loading) status = LOCATION_TEXTS.loading;
    else if (search.isError) status = limitMessageOr(search.error, LOCATION_TEXTS.failed);
    else if (cities.length === 0) status = LOCATION_TEXTS.noResults;
  }

  return (
    <div className={styles.field} onBlur={onBlur}>
      <div className={styles.combobox}>
        <TextField
          ref={inputRef}
          label={LOCATION_TEXTS.label}
          name="location"
          required
          value={text}
          placeholder={LOCATION_TEXTS.placeholder}
          hint={LOCATION_TEXTS.hint}
          error={error}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          maxLength={PROFILE_LIMITS.locationMaxLength}
          onChange={(event) => {
            onChange(locationFromText(event.target.value));
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          trailing={
            <Button
              variant="secondary"
              onClick={() => void locateMe()}
              loading={locating}
              className={styles.button}
            >
              {locating ? LOCATION_TEXTS.locating : LOCATION_TEXTS.useMyLocation}
            </Button>
          }
        />
        {/* A click on the popup leaves focus in the text. */}
        <div
          className={styles.popup}
          hidden={!showPopup}
          onMouseDown={(event) => event.preventDefault()}
        >
          {status ? (
            <p className={styles.status} role="status">
              {status}
            </p>
          ) : (
            <p className="visually-hidden" role="status">
              {showList ? LOCATION_TEXTS.found(cities.length) : ''}
            </p>
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label={LOCATION_TEXTS.listLabel}
            className={styles.list}
            hidden={!showList}
          >
            {cities.map((city, index) => (
              <li
                key={`${city.label}-${city.latitude}-${city.longitude}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={clsx(styles.option, index === activeIndex && styles.active)}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(city)}
              >
                {city.label}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {failure ? (
        <Alert tone="error">
          <p>{failure}</p>
          <p>{LOCATION_TEXTS.typeInstead}</p>
        </Alert>
      ) : null}
      {notice ? <Alert tone="warning">{notice}</Alert> : null}
    </div>
  );
}
