import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@kindred/contracts';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, type Reply } from '../../../testing/render';

const REQUESTED = { body: { success: true, message: AUTH_MESSAGES.passwordResetRequested } };
const DONE = { body: { success: true, message: AUTH_MESSAGES.passwordResetDone } };

function failure(status: number, code: string, message: string, extra: object = {}): Reply {
  return { status, body: { success: false, code, message, ...extra } };
}

/** Opens the screen and asks for a code for Ann's address (typed with capitals and spaces). */
async function requestCodeFor(replies: Record<string, Reply>) {
  const calls = mockApi({ 'POST /api/users/password/forgot': REQUESTED, ...replies });
  const app = renderApp('/forgot-password');
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('Email'), ' Ann@Example.com ');
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText('Reset code');
  return { app, user, calls };
}

async function fillReset(user: ReturnType<typeof userEvent.setup>, code: string, password: string) {
  await user.type(screen.getByLabelText('Reset code'), code);
  await user.type(screen.getByLabelText('New password'), password);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderApp('/');
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(app.pathname()).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('sends the email, then the code and new password, and lands on the login page that says the password was reset', async () => {
    const { app, user, calls } = await requestCodeFor({ 'POST /api/users/password/reset': DONE });
    expect(calls[0]).toEqual({
      key: 'POST /api/users/password/forgot',
      body: { email: 'ann@example.com' },
    });
    // The API's words, the same whether or not the address has an account.
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.passwordResetRequested);
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('The code expires after 15 minutes.')).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await fillReset(user, '123456', 'newpass1');
    expect(calls[1]).toEqual({
      key: 'POST /api/users/password/reset',
      body: { email: 'ann@example.com', code: '123456', password: 'newpass1' },
    });
    await vi.waitFor(() => expect(app.pathname()).toBe('/'));
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    const notice = await screen.findByText(AUTH_MESSAGES.passwordResetDone);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('checks the new password with the sign-up rules, one problem at a time, before sending anything', async () => {
    const { user, calls } = await requestCodeFor({ 'POST /api/users/password/reset': DONE });
    await fillReset(user, '123456', 'abcdefgh');
    expect(await screen.findByText(AUTH_MESSAGES.passwordNeedsNumber)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.map((call) => call.key)).toEqual(['POST /api/users/password/forgot']);
    // The guidelines tick off what the password already has.
    const guidelines = screen.getByText('Your password needs:').parentElement!;
    expect(within(guidelines).getByText(/At least one letter/)).toHaveTextContent('(done)');
    expect(within(guidelines).getByText(/At least one number/)).toHaveTextContent('(not yet)');
  });

  it('shows and hides the new password', async () => {
    const { user } = await requestCodeFor({});
    const input = screen.getByLabelText('New password');
    await user.type(input, 'secret9');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('secret9');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it.each([
    ['CODE_INVALID', 'Invalid verification code. 4 attempts left.'],
    ['CODE_EXPIRED', AUTH_MESSAGES.accountCodeExpired],
    ['CODE_NOT_REQUESTED', AUTH_MESSAGES.codeNotRequested],
  ])('says a %s refusal on the code field, in the server’s words', async (code, message) => {
    const { user } = await requestCodeFor({
      'POST /api/users/password/reset': failure(400, code, message),
    });
    await fillReset(user, '000000', 'newpass1');
    const field = screen.getByLabelText('Reset code');
    await vi.waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveFocus();
  });

  it('says other refusals (a voided code, 429) in a toast, not on the field', async () => {
    const { user } = await requestCodeFor({
      'POST /api/users/password/reset': failure(429, 'RATE_LIMITED', AUTH_MESSAGES.codeVoid, {
        retryAfterSeconds: 30,
      }),
    });
    await fillReset(user, '000000', 'newpass1');
    expect(await screen.findByText(AUTH_MESSAGES.codeVoid)).toBeInTheDocument();
    expect(screen.getByLabelText('Reset code')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says when too many codes were asked for (429) and stays on the email step', async () => {
    const message = 'Too many attempts. Please try again in 42 minutes.';
    mockApi({
      'POST /api/users/password/forgot': failure(429, 'RATE_LIMITED', message, {
        retryAfterSeconds: 2520,
      }),
    });
    renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('Reset code')).toBeNull();
  });

  it('refuses an address that is not one before asking the API', async () => {
    const calls = mockApi({ 'POST /api/users/password/forgot': REQUESTED });
    renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lets a new code be asked for after 60 seconds, and goes back to the email with "Use another email"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({ 'POST /api/users/password/forgot': REQUESTED });
    renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(resend).toBeEnabled();
    await user.click(resend);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ email: 'ann@example.com' });

    await user.click(screen.getByRole('button', { name: 'Use another email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });
});
