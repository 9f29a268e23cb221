import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer } from '../components/ui/toasts';
import { api, messageOf } from '../lib/api-client';
import { mockApi, respond } from '../testing/api';
import { createQueryClient } from './providers';

const TIMEOUT_TEXT = 'The server did not answer in time. Please try again.';

/** An answer that never comes, like a server that does not answer: only an abort ends the call. */
const never = () => new Promise<never>(() => {});

function Members() {
  const query = useQuery({ queryKey: ['members'], queryFn: () => api.get('/members') });
  if (query.isPending) return <p>Loading members</p>;
  if (query.isError) return <p role="alert">{messageOf(query.error, 'Failed to load members')}</p>;
  return <p>Loaded</p>;
}

function SaveButton() {
  const save = useMutation({ mutationFn: () => api.post('/members', { name: 'Ann' }) });
  return (
    <button type="button" onClick={() => save.mutate()}>
      {save.isError ? 'Save failed' : 'Save'}
    </button>
  );
}

function renderWithClient(ui: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <AppToastContainer area="default" />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('query client defaults', () => {
  it('ends a hanging API in a "did not answer in time" error within 11 s: one 5 s try, one retry', async () => {
    const calls = mockApi({ 'GET /api/members': never });
    renderWithClient(<Members />);

    await act(async () => vi.advanceTimersByTimeAsync(10_900));
    expect(screen.getByText('Loading members')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('alert')).toHaveTextContent(TIMEOUT_TEXT);
    expect(calls).toHaveLength(2);
    // Every screen hears why, whatever its own error text: one toast says the server was too slow.
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(screen.getAllByText(TIMEOUT_TEXT)).toHaveLength(2);

    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(2);
  });

  it('never retries a refusal (4xx)', async () => {
    const calls = mockApi({
      'GET /api/members': respond(403, { success: false, message: 'Forbidden' }),
    });
    renderWithClient(<Members />);
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Forbidden');
    expect(calls).toHaveLength(1);
  });

  it('retries a server failure (5xx) once', async () => {
    const calls = mockApi({
      'GET /api/members': respond(503, { success: false, message: 'Oops' }),
    });
    renderWithClient(<Members />);
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Oops');
    expect(calls).toHaveLength(2);
  });

  it('never retries a mutation, and says when it timed out', async () => {
    const calls = mockApi({ 'POST /api/members': never });
    renderWithClient(<SaveButton />);
    await act(async () => screen.getByRole('button', { name: 'Save' }).click());
    await act(async () => vi.advanceTimersByTimeAsync(5_100));
    expect(screen.getByRole('button', { name: 'Save failed' })).toBeInTheDocument();
    expect(screen.getByText(TIMEOUT_TEXT)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(1);
  });
});
