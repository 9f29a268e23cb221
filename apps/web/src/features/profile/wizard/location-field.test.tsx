import type { GeoPlace } from '@kindred/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { mockApi } from '../../../testing/api';
import { stubGeolocation } from '../testing/fixtures';
import { LocationField } from './location-field';
import type { WizardLocation } from './wizard-form';

const place = (name: string, country: string, latitude: number, longitude: number): GeoPlace => ({
  name,
  country,
  countryCode: null,
  latitude,
  longitude,
  label: `${name}, ${country}`,
});
const LISBON = place('Lisbon', 'Portugal', 38.71667, -9.13333);
const LISBURN = place('Lisburn', 'United Kingdom', 54.52337, -6.03527);
const LISHUI = place('Lishui', 'China', 28.45, 119.9);

let cityQueries: URLSearchParams[];
let reverseReply: { status: number; body: unknown };

beforeEach(() => {
  cityQueries = [];
  reverseReply = {
    status: 200,
    body: {
      success: true,
      address: {},
      displayName: 'Lisbon, Portugal',
      place: LISBON,
    },
  };
  mockApi({
    'GET /api/geo/cities': (_body, url) => {
      cityQueries.push(url.searchParams);
      const prefix = (url.searchParams.get('q') ?? '').toLowerCase();
      const cities = [LISBON, LISHUI, LISBURN].filter((city) =>
        city.name.toLowerCase().startsWith(prefix),
      );
      return { body: { success: true, cities } };
    },
    'GET /api/geo/reverse': () => reverseReply,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window.navigator, 'geolocation');
});

/** The field as the wizard holds it: its value in state, every change recorded. */
function renderField(initial: WizardLocation | null = null) {
  const changes: (WizardLocation | null)[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <LocationField
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  return {
    changes,
    user: userEvent.setup({ delay: null }),
    input: screen.getByRole('combobox', { name: 'Location' }),
  };
}

describe('Location field', () => {
  it('is an editable combobox, not a read-only box', () => {
    const { input } = renderField();
    expect(input).not.toHaveAttribute('readonly');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(input.getAttribute('aria-controls')!)).toHaveAttribute(
      'role',
      'listbox',
    );
  });

  it('suggests cities for the typed letters; arrow keys move through them and Enter picks one', async () => {
    const { input, user, changes } = renderField();
    await user.type(input, 'Lis');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Lisbon, Portugal',
      'Lishui, China',
      'Lisburn, United Kingdom',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(cityQueries.at(-1)?.get('q')).toBe('Lis');
    expect(cityQueries.at(-1)?.get('limit')).toBe('8');
    expect(screen.getByText('3 cities found')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps around from the first to the last.
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);

    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Lisburn, United Kingdom');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(changes.at(-1)).toEqual({
      text: 'Lisburn, United Kingdom',
      city: 'Lisburn',
      country: 'United Kingdom',
      latitude: 54.52337,
      longitude: -6.03527,
    });
  });

  it('picks a suggestion with a click, and Escape closes the list keeping the text', async () => {
    const { input, user } = renderField();
    await user.type(input, 'lisb');
    await screen.findByRole('option', { name: 'Lisbon, Portugal' });
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('lisb');

    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
    expect(input).toHaveValue('Lisbon, Portugal');
    expect(input).toHaveFocus();
  });

  it('keeps text typed without a suggestion, saying none was found', async () => {
    const { input, user, changes } = renderField();
    await user.type(input, 'Smallville');
    expect(
      await screen.findByText('No city found. You can keep what you typed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(changes.at(-1)).toEqual({
      text: 'Smallville',
      city: null,
      country: null,
      latitude: null,
      longitude: null,
    });
    await user.clear(input);
    expect(changes.at(-1)).toBeNull();
  });

  it('"Use my location" fills in the place the API found, keeping the member\'s coordinates', async () => {
    stubGeolocation({ latitude: 38.7223, longitude: -9.1393 });
    const { input, user, changes } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(input).toHaveValue('Lisbon, Portugal'));
    expect(changes.at(-1)).toEqual({
      text: 'Lisbon, Portugal',
      city: 'Lisbon',
      country: 'Portugal',
      latitude: 38.7223,
      longitude: -9.1393,
    });
  });

  it('when the browser refuses the position, says why and lets the member type instead', async () => {
    stubGeolocation('denied');
    const { input, user } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText(
        'Could not fetch location. Please check your browser permissions and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('You can type your city instead.')).toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.type(input, 'lisbon');
    await user.click(await screen.findByRole('option', { name: 'Lisbon, Portugal' }));
    expect(input).toHaveValue('Lisbon, Portugal');
  });

  it('never shows coordinates when the address lookup fails', async () => {
    reverseReply = {
      status: 404,
      body: { success: false, message: 'Could not get address details' },
    };
    stubGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    const { input, user, changes } = renderField();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(
      await screen.findByText('Could not get address details. Please type your city instead.'),
    ).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(changes).toEqual([]);
  });
});
