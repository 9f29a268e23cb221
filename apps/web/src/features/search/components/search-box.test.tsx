import type { SearchSuggestion } from '@kindred/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { mockApi } from '../../../testing/api';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

const member = (index: number): SearchSuggestion => ({
  _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  firstName: `Zoë${index}`,
  lastName: 'Ångström',
  profilePicture: index % 2 ? `/api/media/${index}.webp` : null,
});

interface SearchReply {
  suggestions: SearchSuggestion[];
  totalCount: number;
}

/** Answers GET /api/users/search from `reply(searchText, page)`; records the query strings. */
function stubSearch(reply: (text: string, page: number) => SearchReply | Promise<SearchReply>) {
  const requests: URLSearchParams[] = [];
  mockApi({
    'GET /api/users/search': async (_body, url) => {
      const params = url.searchParams;
      requests.push(params);
      const body = await reply(params.get('searchText') ?? '', Number(params.get('page')));
      return { body: { success: true, page: 1, limit: 10, ...body } };
    },
  });
  return requests;
}

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">
      {JSON.stringify({ path: location.pathname, state: location.state })}
    </output>
  );
}

function renderSearchBox() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return {
    router,
    user: userEvent.setup({ delay: null }),
    input: screen.getByRole('combobox', { name: 'Search members' }),
  };
}

const where = () =>
  JSON.parse(screen.getByTestId('where').textContent ?? '{}') as { path: string; state: unknown };

describe('search box', () => {
  it('searches for one character after a pause, showing "Loading..." meanwhile', async () => {
    let release: (reply: SearchReply) => void = () => undefined;
    const requests = stubSearch(() => new Promise((resolve) => (release = resolve)));
    const { user, input } = renderSearchBox();
    await user.type(input, 'z');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(Object.fromEntries(requests[0]!)).toEqual({ searchText: 'z', page: '1', limit: '10' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    release({ suggestions: [member(1)], totalCount: 1 });
    expect(await screen.findByRole('option', { name: 'Zoë1 Ångström' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('sends one search for quick typing', async () => {
    const requests = stubSearch(() => ({ suggestions: [member(1)], totalCount: 1 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zoe ang');
    await screen.findByRole('option', { name: 'Zoë1 Ångström' });
    expect(requests.map((params) => params.get('searchText'))).toEqual(['zoe ang']);
  });

  it('says "No Results" when nobody matches', async () => {
    stubSearch(() => ({ suggestions: [], totalCount: 0 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'qq');
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says what is limited and when it frees up when searches are flood-limited (429)', async () => {
    const message = "You're searching too often. You can search again in 1 minute.";
    mockApi({
      'GET /api/users/search': {
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', message, retryAfterSeconds: 60 },
      },
    });
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('shows at most 10 suggestions and View All when there are more, which carries the results', async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => member(index + 1));
    stubSearch(() => ({ suggestions: eleven, totalCount: 23 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(11);
    expect(options.slice(0, 10).every((option) => option.textContent?.includes('Ångström'))).toBe(
      true,
    );
    expect(options[10]).toHaveTextContent('View All (23)');
    await user.click(options[10]!);
    expect(where()).toEqual({
      path: '/view-all',
      state: { query: 'zo', totalCount: 23, suggestions: eleven.slice(0, 10), currentPage: 1 },
    });
  });

  it('has no View All for 10 results or fewer', async () => {
    stubSearch(() => ({
      suggestions: Array.from({ length: 10 }, (_, index) => member(index)),
      totalCount: 10,
    }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    expect(screen.queryByRole('option', { name: /View All/ })).not.toBeInTheDocument();
  });

  it('opens a profile on click', async () => {
    stubSearch(() => ({ suggestions: [member(1), member(2)], totalCount: 2 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    await user.click(await screen.findByRole('option', { name: 'Zoë2 Ångström' }));
    expect(where().path).toBe(`/viewprofile/${member(2)._id}`);
  });

  it('works from the keyboard: arrows move, Enter opens, Escape closes then clears', async () => {
    stubSearch(() => ({ suggestions: [member(1), member(2), member(3)], totalCount: 3 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: 'Zoë1 Ångström' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Zoë3 Ångström' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Zoë2 Ångström' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('zo');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');

    await user.type(input, 'zo');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(where().path).toBe(`/viewprofile/${member(2)._id}`);
  });

  it('lets the suggestion list, which scrolls when long, take focus and stay usable there', async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => member(index + 1));
    stubSearch(() => ({ suggestions: eleven, totalCount: 23 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    const list = await screen.findByRole('listbox', { name: 'Members found' });
    await within(list).findAllByRole('option');
    // A scrollable region must be reachable from the keyboard (axe: scrollable-region-focusable).
    expect(list).toHaveAttribute('tabindex', '0');

    list.focus();
    expect(screen.getByRole('listbox')).toBe(list);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Zoë2 Ångström' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(list).toHaveAttribute('aria-activedescendant', second.id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveValue('zo');
  });

  it('keeps the active suggestion scrolled into view', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    const eleven = Array.from({ length: 11 }, (_, index) => member(index + 1));
    stubSearch(() => ({ suggestions: eleven, totalCount: 23 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    await screen.findAllByRole('option');
    await user.keyboard('{End}');
    expect(scrolled.at(-1)).toBe('View All (23)');
    await user.keyboard('{Home}');
    expect(scrolled.at(-1)).toBe('Zoë1 Ångström');
  });

  it('Enter on the text itself opens all the results', async () => {
    stubSearch(() => ({ suggestions: [member(1)], totalCount: 1 }));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo');
    await screen.findByRole('option');
    await user.keyboard('{Enter}');
    expect(where()).toMatchObject({
      path: '/view-all',
      state: { query: 'zo', totalCount: 1, currentPage: 1 },
    });
  });

  it('Enter before the suggestions arrive still opens all the results', async () => {
    stubSearch(() => new Promise<SearchReply>(() => undefined));
    const { user, input } = renderSearchBox();
    await user.type(input, 'zo{Enter}');
    expect(where()).toEqual({
      path: '/view-all',
      state: { query: 'zo', totalCount: 0, suggestions: [], currentPage: 1 },
    });
  });

  it('does not search for spaces only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = stubSearch(() => ({ suggestions: [], totalCount: 0 }));
    const { user, input } = renderSearchBox();
    await user.type(input, '   ');
    await act(async () => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(screen.queryByText('No Results')).not.toBeInTheDocument();
    // A search the spaces started would be sent before the one for the letter after them.
    await user.type(input, 'z');
    await act(async () => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(requests).not.toHaveLength(0));
    expect(requests.map((params) => params.get('searchText'))).toEqual(['z']);
  });
});
