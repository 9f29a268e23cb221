import type { Request, RequestHandler } from 'express';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AUTH_MESSAGES, FLOOD_LIMIT_MESSAGES } from '@kindred/contracts';
import type { DatabaseHandle } from '../db/client.js';
import { memberId } from './auth.js';
import { tooManyRequests } from './errors.js';

/**
 * Brute-force limits on the account-entry endpoints, per client IP and per account, and flood
 * limits on what signed-in members create (posts, comments, likes, follows, uploads, look-ups).
 *
 * On a PostgreSQL server the counters live in the `rate_limits` table (RateLimiterPostgres over
 * the app's pool), so the limits hold however many app processes share the database; if that
 * table cannot be reached, an in-memory limiter with the same rule stands in ("insurance") rather
 * than failing every login. The embedded PGlite database is single-process, so memory is enough.
 *
 * These limits are the outer fence. The per-code and per-challenge attempt counters (5 wrong
 * tries per code, 5 per login challenge, 10 wrong authenticator codes per account per hour) live
 * next to the codes themselves, in the database, and are exact.
 */

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

export const DEFAULT_RATE_LIMITS = {
  /** Every login attempt from one IP (burst protection; shared NATs still get room). */
  loginPerIp: { points: 20, durationSeconds: 15 * 60 },
  /**
   * Failed passwords for one email address from one client (its device cookie's id, else its IP):
   * a hard limit only that client reaches. Reset by a successful login or a password reset.
   */
  loginFailuresPerAccountClient: { points: 10, durationSeconds: 60 * 60 },
  /**
   * Failed passwords for one email address from browsers without its device cookie, whoever
   * tries. Never a lock: past `points`, each further such attempt waits a growing delay
   * (loginSlowdownPerAccount). Reset by a successful login or a password reset.
   */
  loginFailuresPerAccount: { points: 5, durationSeconds: 60 * 60 },
  /** The delay itself (held off per failure, 1 s doubling); `durationSeconds` is its ceiling. */
  loginSlowdownPerAccount: { points: 1, durationSeconds: 60 },
  /** Failed passwords from one IP across all emails (slow credential stuffing). */
  loginFailuresPerIp: { points: 100, durationSeconds: 24 * 60 * 60 },
  signupPerIp: { points: 10, durationSeconds: 60 * 60 },
  /** Emails and texts sent (each code send also waits 60 s per account and purpose). */
  codeSendPerIp: { points: 20, durationSeconds: 60 * 60 },
  codeSendPerAccount: { points: 10, durationSeconds: 60 * 60 },
  /** Authenticator set-up (a QR image rendered and a challenge opened each time). */
  twoFactorSetupPerIp: { points: 30, durationSeconds: 15 * 60 },
  twoFactorSetupPerAccount: { points: 10, durationSeconds: 15 * 60 },
  /** Code checks (email, phone and authenticator). */
  codeCheckPerIp: { points: 60, durationSeconds: 15 * 60 },
  codeCheckPerAccount: { points: 30, durationSeconds: 15 * 60 },
  /**
   * Forgot password / reset. "Per account" is per email address asked about, whether or not it
   * has an account, so the limit itself says nothing about which emails are members.
   */
  passwordForgotPerIp: { points: 10, durationSeconds: 60 * 60 },
  passwordForgotPerAccount: { points: 5, durationSeconds: 60 * 60 },
  passwordResetPerIp: { points: 30, durationSeconds: 15 * 60 },
  /**
   * Wrong guesses at an account's pending reset code from one client (its device cookie's id, else
   * its IP): the code's 5 tries, a hard limit only that client reaches. Each new code has its own.
   */
  resetCodeTriesPerAccountClient: { points: 5, durationSeconds: 15 * 60 },
  /**
   * Wrong guesses at an account's reset codes from browsers without its device cookie, whoever
   * guesses. Never a lock: past `points`, each further guess waits a growing delay
   * (resetCodeSlowdownPerAccount). A password change starts them afresh.
   */
  resetCodeFailuresPerAccount: { points: 10, durationSeconds: 60 * 60 },
  /** The delay itself (1 s doubling); `durationSeconds` is its ceiling. */
  resetCodeSlowdownPerAccount: { points: 1, durationSeconds: 5 * 60 },

  // Signed-in members: generous for people, a ceiling for scripts flooding the network.
  postCreatePerMember: { points: 30, durationSeconds: 60 * 60 },
  commentPerMember: { points: 120, durationSeconds: 60 * 60 },
  likePerMember: { points: 300, durationSeconds: 15 * 60 },
  followPerMember: { points: 200, durationSeconds: 60 * 60 },
  photoUploadPerMember: { points: 60, durationSeconds: 60 * 60 },
  /** The search box asks as the member types (debounced), so this one is roomy. */
  searchPerMember: { points: 600, durationSeconds: 15 * 60 },
  /** Each lookup may reach the outside geocoder, which allows one request per second in all. */
  geoLookupPerMember: { points: 30, durationSeconds: 60 * 60 },
  /** Reports keep moderators busy: plenty for a member, a ceiling for report-bombing. */
  reportPerMember: { points: 30, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;

/**
 * The 429's message per rule, given the seconds until it frees up: the account-entry limits share
 * the general wording; a member's flood limit names the action it stops.
 */
const LIMIT_REACHED_MESSAGES: Record<RateLimitName, (seconds: number) => string> = {
  loginPerIp: AUTH_MESSAGES.tooManyAttempts,
  loginFailuresPerAccountClient: AUTH_MESSAGES.tooManyAttempts,
  loginFailuresPerAccount: AUTH_MESSAGES.tooManyAttempts,
  loginSlowdownPerAccount: AUTH_MESSAGES.tooManyAttempts,
  loginFailuresPerIp: AUTH_MESSAGES.tooManyAttempts,
  signupPerIp: AUTH_MESSAGES.tooManyAttempts,
  codeSendPerIp: AUTH_MESSAGES.tooManyAttempts,
  codeSendPerAccount: AUTH_MESSAGES.tooManyAttempts,
  twoFactorSetupPerIp: AUTH_MESSAGES.tooManyAttempts,
  twoFactorSetupPerAccount: AUTH_MESSAGES.tooManyAttempts,
  codeCheckPerIp: AUTH_MESSAGES.tooManyAttempts,
  codeCheckPerAccount: AUTH_MESSAGES.tooManyAttempts,
  passwordForgotPerIp: AUTH_MESSAGES.tooManyAttempts,
  passwordForgotPerAccount: AUTH_MESSAGES.tooManyAttempts,
  passwordResetPerIp: AUTH_MESSAGES.tooManyAttempts,
  resetCodeTriesPerAccountClient: AUTH_MESSAGES.tooManyAttempts,
  resetCodeFailuresPerAccount: AUTH_MESSAGES.tooManyAttempts,
  resetCodeSlowdownPerAccount: AUTH_MESSAGES.tooManyAttempts,
  postCreatePerMember: FLOOD_LIMIT_MESSAGES.posts,
  commentPerMember: FLOOD_LIMIT_MESSAGES.comments,
  likePerMember: FLOOD_LIMIT_MESSAGES.likes,
  followPerMember: FLOOD_LIMIT_MESSAGES.follows,
  photoUploadPerMember: FLOOD_LIMIT_MESSAGES.uploads,
  searchPerMember: FLOOD_LIMIT_MESSAGES.searches,
  geoLookupPerMember: FLOOD_LIMIT_MESSAGES.locationLookups,
  reportPerMember: FLOOD_LIMIT_MESSAGES.reports,
};
export type RateLimitSettings = Record<RateLimitName, RateLimitRule>;

export interface RateLimiters {
  readonly settings: RateLimitSettings;
  /** Counts one attempt; throws a 429 (with `retryAfterSeconds`) once the rule's points are spent. */
  consume(name: RateLimitName, key: string): Promise<void>;
  /** Throws the 429 if the rule's points are already spent, without counting anything. */
  assertNotExhausted(name: RateLimitName, key: string): Promise<void>;
  /** Whether the rule's points are spent for this key, without counting anything. */
  isExhausted(name: RateLimitName, key: string): Promise<boolean>;
  /** Forgets a key's count (e.g. failed logins of an account after it signs in). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Counts one event without ever refusing; returns the count within the rule's window. */
  count(name: RateLimitName, key: string): Promise<number>;
  /** Makes the rule refuse this key for the next `seconds` (a slow-down, not a count). */
  holdOff(name: RateLimitName, key: string, seconds: number): Promise<void>;
}

/**
 * Outside production the default limits are multiplied (as the Epic Stack does), so development
 * and browser journeys that sign up and log in many members from 127.0.0.1 are not locked out;
 * limits given explicitly in `overrides` are used exactly as given (tests exercise them that way).
 */
export const NON_PRODUCTION_LIMIT_MULTIPLIER = 100;

export function createRateLimiters(
  database: Pick<DatabaseHandle, 'engine' | 'pool'>,
  overrides: Partial<RateLimitSettings> = {},
  defaultsMultiplier = 1,
): RateLimiters {
  const defaults = Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [
      name,
      { ...rule, points: rule.points * defaultsMultiplier },
    ]),
  ) as RateLimitSettings;
  const settings: RateLimitSettings = { ...defaults, ...overrides };
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const name of Object.keys(settings) as RateLimitName[]) {
    const rule = settings[name];
    const options = {
      keyPrefix: `rl:${name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    };
    limiters.set(
      name,
      database.pool
        ? new RateLimiterPostgres({
            ...options,
            storeClient: database.pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            // Created by the SQL migrations, never by the library at runtime.
            tableCreated: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options),
    );
  }
  const limiter = (name: RateLimitName) => limiters.get(name)!;

  return {
    settings,
    async consume(name, key) {
      try {
        await limiter(name).consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw limitReached(name, rejection);
        throw rejection;
      }
    },
    async assertNotExhausted(name, key) {
      const state = await limiter(name).get(key);
      if (state && state.consumedPoints >= settings[name].points) throw limitReached(name, state);
    },
    async isExhausted(name, key) {
      const state = await limiter(name).get(key);
      return state !== null && state.consumedPoints >= settings[name].points;
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
    async count(name, key) {
      return (await limiter(name).penalty(key, 1)).consumedPoints;
    },
    async holdOff(name, key, seconds) {
      await limiter(name).block(key, Math.max(1, Math.ceil(seconds)));
    },
  };
}

function limitReached(name: RateLimitName, state: RateLimiterRes) {
  const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  return tooManyRequests(LIMIT_REACHED_MESSAGES[name](seconds), seconds);
}

/** The client's address as Express sees it (honouring TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Middleware: one attempt per request against a per-IP rule. */
export function limitPerIp(limiters: RateLimiters, name: RateLimitName): RequestHandler {
  return async (req, _res, next) => {
    await limiters.consume(name, clientIp(req));
    next();
  };
}

/**
 * Middleware: one attempt per request against a per-member rule. Goes after `requireMember` and
 * before any upload parsing, so a member over the limit costs no upload work.
 */
export function limitPerMember(limiters: RateLimiters, name: RateLimitName): RequestHandler {
  return async (req, _res, next) => {
    await limiters.consume(name, memberId(req));
    next();
  };
}
