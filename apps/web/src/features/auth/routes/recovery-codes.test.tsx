import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '../../../testing/render';
import { expectToastDismissed } from '../../../testing/toasts';

const USER_ID = '6f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f';
const CODES = [
  'a1b2-c3d4',
  'e5f6-g7h8',
  'j9k0-m1n2',
  'p3q4-r5s6',
  't7v8-w9x0',
  'y2z3-a4b5',
  'c6d7-e8f9',
  'g0h1-j2k3',
  'm4n5-p6q7',
  'r8s9-t0v1',
];
const SIGNED_IN = {
  _id: USER_ID,
  sessionId: 's-2',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  verifiedBadge: false,
  isVerified: true,
  isPhoneVerified: false,
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function mockSetup() {
  return mockApi({
    'POST /api/2fa/setup': {
      body: {
        success: true,
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        otpauthUrl: 'otpauth://totp/Kindred',
        secret: 'JBSWY3DPEHPK3PXP',
      },
    },
    'POST /api/2fa/verify': {
      body: {
        success: true,
        message: '2FA verification successful!',
        user: SIGNED_IN,
        recoveryCodes: CODES,
      },
    },
  });
}

async function enableTwoFactor() {
  window.localStorage.setItem('userId', USER_ID);
  mockSetup();
  const app = renderApp(`/2fa-setup/${USER_ID}`);
  await screen.findByRole('img', { name: /qr code/i });
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
  await screen.findByRole('heading', { name: 'Save your recovery codes' });
  return { app, user };
}

describe('2FA setup: the recovery codes, shown once', () => {
  it('lists the 10 codes and waits for "I saved these codes" before Continue (no automatic redirect)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { app, user } = await enableTwoFactor();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    for (const code of CODES) expect(list).toHaveTextContent(code);

    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(app.pathname()).toBe(`/2fa-setup/${USER_ID}`);

    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I saved these codes' }));
    expect(next).toBeEnabled();
    await user.click(next);
    // The panel's form submits asynchronously (react-hook-form), then the page moves on.
    await vi.waitFor(() => expect(app.pathname()).toBe(`/phone-verify/${USER_ID}`));
  });

  it('copies the codes, one per line', async () => {
    const { user } = await enableTwoFactor();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
  });

  it('downloads them as kindred-recovery-codes.txt', async () => {
    const { user } = await enableTwoFactor();
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((object: Blob | MediaSource) => {
      blob = object as Blob;
      return 'blob:recovery-codes';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('kindred-recovery-codes.txt');
    expect(clicked[0]!.href).toBe('blob:recovery-codes');
    expect(blob?.type).toMatch(/^text\/plain/);
    // jsdom's Blob has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob!);
    });
    expect(text.split('\n')).toEqual(expect.arrayContaining(CODES));
    expect(text).toContain('Each code works once');
  });
});

function mockVerify() {
  return mockApi({
    'POST /api/2fa/verify': (body) => {
      const { recoveryCode } = body as { recoveryCode?: string };
      if (recoveryCode === 'abcd-2345') {
        return {
          body: {
            success: true,
            message: 'Recovery code accepted. You have 9 recovery codes left.',
            user: SIGNED_IN,
            recoveryCodesRemaining: 9,
          },
        };
      }
      return {
        status: 401,
        body: { success: false, message: 'Invalid recovery code', code: 'CODE_INVALID' },
      };
    },
  });
}

describe('2FA step of login: "Use a recovery code instead"', () => {
  it('sends the code as the API stores it and says how many remain', async () => {
    window.localStorage.setItem('userId', USER_ID);
    const calls = mockVerify();
    const app = renderApp(`/2fa-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'ABCD 2345{Enter}');

    expect(
      await screen.findByText('Recovery code accepted. You have 9 recovery codes left.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      { key: 'POST /api/2fa/verify', body: { userId: USER_ID, recoveryCode: 'abcd-2345' } },
    ]);
    expect(window.localStorage.getItem('sessionId')).toBe('s-2');
    expect(app.pathname()).toBe(`/phone-verify/${USER_ID}`);
  });

  it('says "Invalid recovery code" for a used or wrong one, and goes nowhere', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockVerify();
    const app = renderApp(`/2fa-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'zzzz-2345{Enter}');
    expect(await screen.findByText('Invalid recovery code')).toBeInTheDocument();
    expect(app.pathname()).toBe(`/2fa-verify/${USER_ID}`);
  });

  it('checks the shape before sending: a malformed code is said on the field', async () => {
    window.localStorage.setItem('userId', USER_ID);
    const calls = mockVerify();
    renderApp(`/2fa-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText(/Recovery code/);
    await user.type(field, 'abc{Enter}');
    expect(await screen.findByText('Please enter a recovery code like abcd-2345')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('goes back to the authenticator code, the wrong-code toast taken away', async () => {
    window.localStorage.setItem('userId', USER_ID);
    mockVerify();
    renderApp(`/2fa-verify/${USER_ID}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'zzzz-2345{Enter}');
    await screen.findByText('Invalid recovery code');
    await user.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }));
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    await expectToastDismissed('Invalid recovery code');
  });
});
