import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';

/**
 * OWASP's device cookie: a browser that completed a sign-in gets a signed cookie naming the
 * account. Presenting a valid one for an account exempts that browser from the account-wide
 * failure counters (attempts.ts, the 2FA hourly cap), so strangers guessing an account's password
 * or codes cannot lock its owner out of the browsers they already use. The cookie holds no secret
 * of the account: forging one needs the server's session secret.
 *
 *   value = <userId>.<deviceId>.<issuedAtMs>.<HMAC-SHA256(userId.deviceId.issuedAtMs)>
 */

const DEVICE_COOKIE_DAYS = 365;
const DEVICE_COOKIE_MS = DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000;

/** `__Host-` in production: sent only over HTTPS, to this host, for the whole site. */
export function deviceCookieName(config: Pick<Config, 'isProduction'>): string {
  return config.isProduction ? '__Host-kindred.device' : 'kindred.device';
}

/** A browser's device, as far as one account is concerned. */
export interface LoginClient {
  ip: string;
  /** The raw device cookie the browser sent, if any (checked against an account when needed). */
  deviceCookie?: string | undefined;
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', `kindred device cookie\0${secret}`)
    .update(payload)
    .digest('base64url');
}

/** The device id in `cookie` if it is a valid device cookie of this account, else undefined. */
export function knownDeviceOf(
  context: Pick<AppContext, 'config' | 'clock'>,
  userId: string,
  cookie: string | undefined,
): string | undefined {
  if (!cookie) return undefined;
  const parts = cookie.split('.');
  if (parts.length !== 4) return undefined;
  const [cookieUserId, deviceId, issuedAt, mac] = parts as [string, string, string, string];
  if (cookieUserId !== userId || !/^\d{1,15}$/.test(issuedAt)) return undefined;
  const expected = Buffer.from(
    signature(context.config.sessionSecret, `${cookieUserId}.${deviceId}.${issuedAt}`),
  );
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (context.clock.now().getTime() - Number(issuedAt) > DEVICE_COOKIE_MS) return undefined;
  return deviceId;
}

/** The device cookie the request carries, unparsed (express-session parses only its own). */
export function deviceCookieOf(
  req: Request,
  config: Pick<Config, 'isProduction'>,
): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const name = deviceCookieName(config);
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function loginClientOf(req: Request, config: Pick<Config, 'isProduction'>, ip: string) {
  return { ip, deviceCookie: deviceCookieOf(req, config) } satisfies LoginClient;
}

/**
 * After a completed sign-in: (re)issues the browser's device cookie for this account, keeping its
 * device id when it already had a valid one. Returns whether the browser was known before.
 */
export function rememberDevice(
  context: Pick<AppContext, 'config' | 'clock'>,
  req: Request,
  res: Response,
  userId: string,
): { knownBefore: boolean } {
  const { config } = context;
  const known = knownDeviceOf(context, userId, deviceCookieOf(req, config));
  const deviceId = known ?? randomBytes(12).toString('base64url');
  const issuedAt = String(context.clock.now().getTime());
  const payload = `${userId}.${deviceId}.${issuedAt}`;
  res.cookie(deviceCookieName(config), `${payload}.${signature(config.sessionSecret, payload)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    path: '/',
    maxAge: DEVICE_COOKIE_MS,
  });
  return { knownBefore: known !== undefined };
}
