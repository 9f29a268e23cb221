import type { SearchSuggestion } from '@kindred/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { routes } from '../../../app/router';
import { mockApi } from '../../../testing/api';
import type { ViewAllState } from '../navigation-state';

const member = (index: number): SearchSuggestion => ({
  _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  firstName: 'Member',
  lastName: String(index),
  profilePicture: null,
});
const page = (number: number, total: number) =>
  Array.from({ length: Math.min(10, total - (number - 1) * 10) }, (_, index) =>
    member((number - 1) * 10 + index + 1),
  );

function stubSearch(total: number) {
  const pages: number[] = [];
  mockApi({
    'GET /api/users/search': (_body, url) => {
      const number = Number(url.searchParams.get('page'));
      pages.push(number);
      return {
        body: {
          success: true,
          suggestions: page(number, total),
          totalCount: total,
          page: number,
          limit: 10,
        },
      };
    },
  });
  return pages;
}

function open(state: ViewAllState | null) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/view-all', state }] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  window.localStorage.setItem('userId', member(99)._id);
});

describe('/view-all', () => {
  it('shows the first page from the navigation state, then fetches the next pages', async () => {
    const pages = stubSearch(23);
    const router = open({
      query: 'member',
      totalCount: 23,
      suggestions: page(1, 23),
      currentPage: 1,
    });
    expect(
      await screen.findByRole('heading', { name: 'Results for “member”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 23 members')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Member \d+$/ })).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Member 1' })).toHaveAttribute(
      'href',
      `/viewprofile/${member(1)._id}`,
    );
    expect(pages).toEqual([]);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Member 11' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ query: 'member', currentPage: 2 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Member 23' })).toBeInTheDocument();
    expect(screen.getByText('Showing 21–23 of 23 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'Member 11' })).toBeInTheDocument();
    expect(pages).toEqual([2, 3]);
  });

  it('opens on the page the state names', async () => {
    const pages = stubSearch(23);
    open({ query: 'member', totalCount: 23, suggestions: page(1, 23), currentPage: 3 });
    expect(await screen.findByRole('link', { name: 'Member 21' })).toBeInTheDocument();
    await waitFor(() => expect(pages).toEqual([3]));
  });

  it('has the search box in the header, and a new search replaces the results', async () => {
    stubSearch(23);
    open({ query: 'member', totalCount: 23, suggestions: page(1, 23), currentPage: 2 });
    await screen.findByRole('link', { name: 'Member 11' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('combobox', { name: 'Search members' }), 'mem{Enter}');
    expect(await screen.findByRole('heading', { name: 'Results for “mem”' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–10 of 23 members')).toBeInTheDocument();
  });

  it('says what to do without a search', async () => {
    stubSearch(0);
    open(null);
    expect(
      await screen.findByText('Use the search box to find members by name.'),
    ).toBeInTheDocument();
  });

  it('says "No Results" when the search found nobody', async () => {
    stubSearch(0);
    open({ query: 'nobody', totalCount: 0, suggestions: [], currentPage: 1 });
    expect(await screen.findByText('No Results')).toBeInTheDocument();
  });
});
