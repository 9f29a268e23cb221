import type { BrowserContext, Page } from 'playwright-core';
import { latestEmailCode } from './mail.js';
import { totpCode } from './totp.js';

export interface Member {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  totpSecret: string;
}

let counter = 0;

/**
 * Takes a new member through the whole account-entry chain over HTTP, in the browser context's own
 * cookie jar (so the browser is then signed in as them): sign-up, emailed code, 2FA, phone.
 * Journeys that are about something else start from here instead of clicking through sign-up.
 */
export async function createVerifiedMember(
  context: BrowserContext,
  names: { firstName: string; lastName: string },
  /** The DATA_DIR of a server the journey started itself (its outbox has the codes). */
  options: { dataDir?: string } = {},
): Promise<Member> {
  counter += 1;
  const email = `${names.firstName
    .normalize('NFKD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase()}.${Date.now()}.${counter}@example.com`;
  const password = 'Kindred2026';
  const api = context.request;
  const call = async (path: string, data: unknown) => {
    // Some journeys make their own contexts (a second server, a persistent profile for
    // Lighthouse) without the Origin header browser.ts adds; the API refuses a write that does
    // not say where it comes from, and these calls are the app's own.
    const res = await api.post(`/api${path}`, {
      data,
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${JSON.stringify(body)}`);
    return body;
  };

  const signup = await call('/users/signup', {
    ...names,
    username: email,
    email,
    password,
    legalAgeConfirmed: true,
    termsAccepted: true,
  });
  const id = (signup.data as { _id: string })._id;
  await call('/send-otp', { email, userId: id });
  await call('/verify-otp', {
    email,
    otp: await latestEmailCode(email, undefined, options.dataDir),
  });
  const setup = await call('/2fa/setup', { userId: id });
  const totpSecret = String(setup.secret);
  await call('/2fa/verify', { userId: id, token: totpCode(totpSecret) });
  const phoneNumber = `+91${String(9_000_000_000 + Math.floor(Math.random() * 999_999_999))}`;
  const sent = await call('/phone/send-code', { userId: id, phoneNumber });
  await call('/phone/verify', { userId: id, phoneNumber, code: sent.devCode });
  return { id, email, password, ...names, totpSecret };
}

/** What the web app keeps in local storage after a sign-in (SPEC §3). */
export async function rememberSignedIn(page: Page, member: Member): Promise<void> {
  await page.goto('/not-a-page');
  await page.evaluate((m) => {
    localStorage.setItem('userId', m.id);
    localStorage.setItem('firstName', m.firstName);
    localStorage.setItem('verifiedBadge', 'true');
  }, member);
}
