import { authenticator } from 'otplib';
import { BENCH_PROXY_HEADERS } from './bench-env.js';
import { BENCH_TOTP_SECRET, SEEDED_PASSWORD, seededEmail, seededId } from './seed-accounts.js';

export interface SignedIn {
  cookie: string;
  id: string;
}

/** A cookie jar of one: the session cookie the API set last. */
function cookieFrom(response: Response, previous = ''): string {
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
  return cookies.length > 0 ? cookies.join('; ') : previous;
}

/** Signs in seeded benchmark member `n` (password, then 2FA with the benchmark's secret). */
export async function signIn(baseUrl: string, n: number): Promise<SignedIn> {
  const origin = { ...BENCH_PROXY_HEADERS, origin: baseUrl, 'content-type': 'application/json' };
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: seededEmail(n), password: SEEDED_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login of member ${n}: ${login.status} ${await login.text()}`);
  let cookie = cookieFrom(login);
  const id = seededId('member', n);
  const verify = await fetch(`${baseUrl}/api/2fa/verify`, {
    method: 'POST',
    headers: { ...origin, cookie },
    body: JSON.stringify({ userId: id, token: authenticator.generate(BENCH_TOTP_SECRET) }),
  });
  if (!verify.ok) throw new Error(`2FA of member ${n}: ${verify.status} ${await verify.text()}`);
  cookie = cookieFrom(verify, cookie);
  return { cookie, id };
}
