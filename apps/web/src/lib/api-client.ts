import {
  defaultErrorCode,
  ENTITLEMENT_KEYS,
  UPGRADE_PLANS,
  type EntitlementKey,
  type ErrorCode,
  type UpgradePlanId,
} from '@kindred/contracts';
import type { z } from 'zod';

/**
 * The one way the web app talks to the API (spec §7): JSON, cookies included, a 5 s default timeout,
 * and failures turned into values the screens can read:
 * - `ApiError`: the server answered with a failure (`{ success: false, message, code }` or a non-2xx
 *   status);
 * - `NetworkError`: no answer at all (offline, aborted, or timed out).
 * Screens pick the spec's wording from those two (e.g. login: INVALID_CREDENTIALS → "Invalid email
 * or password…"), branching on the error's `code`, never on the status or the message's text.
 */

/** Everything is served under /api on the app's own origin (the API serves the built app). */
export const API_BASE = '/api';
export const DEFAULT_TIMEOUT_MS = 5_000;
export const UPLOAD_TIMEOUT_MS = 30_000;
/** What a timed-out call tells the member (the query client retries a query once before that). */
export const TIMEOUT_MESSAGE = 'The server did not answer in time. Please try again.';
export const UPLOAD_ATTEMPTS = 3;
export const UPLOAD_RETRY_DELAY_MS = 1_000;

/** The body every API failure carries, plus whatever extra fields the server adds. */
export interface ApiFailureBody {
  success: false;
  message: string;
  /** What kind of failure it is (the contracts' ERROR_CODES): what screens branch on. */
  code?: ErrorCode;
  errors?: { field: string; message: string }[];
  retryAfterSeconds?: number;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** The HTTP status (a 2xx when the body said `success: false`). */
    readonly status: number,
    message: string,
    readonly body: Partial<ApiFailureBody> = {},
  ) {
    super(message);
  }

  /** The server's own message, when it sent one (`message` then holds it too). */
  get serverMessage(): string | undefined {
    const value = this.body.message;
    return typeof value === 'string' && value ? value : undefined;
  }

  /**
   * The failure's code (e.g. 'EMAIL_NOT_VERIFIED'): the server's, or, for an answer that carried
   * none (a proxy's error page), the contracts' default code of its status — so screens branch on
   * codes alone.
   */
  get code(): ErrorCode {
    const value = this.body.code;
    return typeof value === 'string' ? value : defaultErrorCode(this.status);
  }

  /**
   * A plan's refusal (403 PLAN_LIMIT): the entitlement and the cheapest plan that allows it (null
   * when no plan does). Undefined for every other failure.
   */
  get planLimit(): { feature: EntitlementKey; requiredPlan: UpgradePlanId | null } | undefined {
    if (this.code !== 'PLAN_LIMIT') return undefined;
    const { feature, requiredPlan } = this.body;
    if (!(ENTITLEMENT_KEYS as readonly unknown[]).includes(feature)) return undefined;
    return {
      feature: feature as EntitlementKey,
      requiredPlan: (UPGRADE_PLANS as readonly unknown[]).includes(requiredPlan)
        ? (requiredPlan as UpgradePlanId)
        : null,
    };
  }

  /** Seconds the server asked us to wait (429 answers), if it said. */
  get retryAfterSeconds(): number | undefined {
    const value = this.body.retryAfterSeconds;
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }
}

export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    /** True when our own timeout gave up, false for connection failures and caller aborts. */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/**
 * The message a failed call should show: the server's own text when it sent one, that the server did
 * not answer in time when it timed out, else the fallback.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (isTimeout(error)) return TIMEOUT_MESSAGE;
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/**
 * For actions whose failure has a fixed text (e.g. "Failed to add comment"): a flood limit's
 * refusal (429) is shown as the server says it — what is limited and when it frees up.
 */
export function limitMessageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.status === 429 && error.serverMessage) || fallback;
}

/** True for a call our own timeout gave up on. */
export function isTimeout(error: unknown): error is NetworkError {
  return error instanceof NetworkError && error.timedOut;
}

let unauthorizedHandler: ((error: ApiError) => void) | undefined;

/**
 * Called for every 401 answer. The app installs one that, on member pages, clears the stored session
 * and returns to the login screen (src/app/unauthorized.ts); account-entry screens read their 401s
 * themselves (wrong password, wrong code).
 */
export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | undefined): void {
  unauthorizedHandler = handler;
}

let planLimitHandler: ((error: ApiError) => void) | undefined;
/** A refusal met before any handler was installed, and when. */
let unhandledPlanLimit: { error: ApiError; at: number } | undefined;
/** How old an unhandled refusal may be and still be handed to a handler installed after it. */
export const PLAN_LIMIT_HOLD_MS = 10_000;

/**
 * Called for every PLAN_LIMIT refusal, whichever call met it: the member area installs one that
 * opens the upgrade dialog naming the feature and the plan that unlocks it
 * (features/profile PlanLimitDialog), so no screen needs its own. The member area loads that
 * dialog after the page has shown, so a refusal of the page's first requests (Discover opened
 * with a filter the plan lacks) is held, and handed to the handler when it is installed.
 */
export function setPlanLimitHandler(handler: ((error: ApiError) => void) | undefined): void {
  planLimitHandler = handler;
  const held = unhandledPlanLimit;
  unhandledPlanLimit = undefined;
  if (handler && held && Date.now() - held.at <= PLAN_LIMIT_HOLD_MS) handler(held.error);
}

/**
 * Opens what a PLAN_LIMIT answer opens, for a limit a screen knows before asking the server (a
 * full photo allowance). False when nothing listens (outside the member area).
 */
export function reportPlanLimit(refusal: {
  feature: EntitlementKey;
  requiredPlan: UpgradePlanId | null;
  message: string;
}): boolean {
  if (!planLimitHandler) return false;
  planLimitHandler(
    new ApiError(403, refusal.message, { success: false, code: 'PLAN_LIMIT', ...refusal }),
  );
  return true;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T = unknown> {
  /** Milliseconds before the call is abandoned with a `NetworkError` (timedOut). Default 5000. */
  timeoutMs?: number;
  signal?: AbortSignal;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** When given, the success body is parsed with it (contract schemas from @kindred/contracts). */
  schema?: z.ZodType<T>;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** What the server answered: its status and parsed body (not yet judged). */
interface Answer {
  status: number;
  data: unknown;
}

async function send(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions<unknown> = {},
): Promise<Answer> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, signal, query, headers } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    throw timedOut
      ? new NetworkError(TIMEOUT_MESSAGE, true)
      : new NetworkError(error instanceof Error ? error.message : 'Network request failed');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  return { status: response.status, data: await readJson(response) };
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { status, data } = await send(method, path, body, options);
  return settle<T>(status, data, options.schema);
}

/** How long an early answer (`prefetchGet`) waits for the screen that reads it. */
export const EARLY_ANSWER_MS = 10_000;
const earlyAnswers = new Map<string, { answer: Promise<Answer | null>; sentAt: number }>();

/**
 * Sends a GET now, before the screen that reads it has loaded its code: the screen's `api.get` of
 * the same URL takes this answer (once, within EARLY_ANSWER_MS) instead of asking again. The answer
 * is judged (refusals, 401) when it is taken, so it acts as the screen's own request would; an
 * early request that got no answer at all is simply sent again. Resolves to the body of a
 * successful answer (undefined otherwise), for whatever the caller may start early from it.
 */
export function prefetchGet(path: string, query?: Record<string, QueryValue>): Promise<unknown> {
  const url = apiUrl(path, query);
  const sent = earlyAnswers.get(url);
  if (sent) return sent.answer.then(successfulBody);
  const answer = send('GET', path, undefined, { query }).catch(() => null);
  earlyAnswers.set(url, { answer, sentAt: Date.now() });
  return answer.then(successfulBody);
}

/** The body of a 2xx answer, unchecked (a hint for the caller, who must not trust its shape). */
const successfulBody = (answer: Answer | null): unknown =>
  answer && answer.status >= 200 && answer.status < 300 ? answer.data : undefined;

function get<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const url = apiUrl(path, options.query);
  const early = earlyAnswers.get(url);
  earlyAnswers.delete(url);
  if (!early || Date.now() - early.sentAt > EARLY_ANSWER_MS) {
    return request<T>('GET', path, undefined, options);
  }
  return early.answer.then((answer) =>
    answer
      ? settle<T>(answer.status, answer.data, options.schema)
      : request<T>('GET', path, undefined, options),
  );
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Turns a status and parsed body into the result, or throws the matching `ApiError`. */
function settle<T>(status: number, data: unknown, schema?: z.ZodType<T>): T {
  const record = isRecord(data) ? data : undefined;
  const ok = status >= 200 && status < 300;
  if (!ok || record?.success === false) {
    const message =
      typeof record?.message === 'string' && record.message
        ? record.message
        : `Request failed with status ${status}`;
    const error = new ApiError(status, message, (record ?? {}) as Partial<ApiFailureBody>);
    if (status === 401) unauthorizedHandler?.(error);
    if (error.planLimit) {
      if (planLimitHandler) planLimitHandler(error);
      else unhandledPlanLimit = { error, at: Date.now() };
    }
    throw error;
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(status, 'Unexpected response from the server', {});
  return parsed.data;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const api = {
  get,
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, body ?? {}, options),
  /** `body`: for the few deletions that carry proof (the member's password or a code). */
  delete: <T>(path: string, options?: RequestOptions<T>, body?: unknown) =>
    request<T>('DELETE', path, body, options),
};

export interface UploadOptions<T = unknown> {
  /** Upload progress in whole percent (0–100); restarts from 0 on a retry. */
  onProgress?: (percent: number) => void;
  /** Per attempt. Default 30 000 ms. */
  timeoutMs?: number;
  /** Default 3. */
  attempts?: number;
  /** Pause between attempts. Default 1000 ms. */
  retryDelayMs?: number;
  signal?: AbortSignal;
  schema?: z.ZodType<T>;
}

/**
 * Sends multipart form data with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Spec §7: 30 s timeout, up to 3 attempts 1 s apart. Only failures worth repeating are retried:
 * no answer, a timeout, or a 5xx. A 4xx (too large, wrong type, not signed in) is final.
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const { attempts = UPLOAD_ATTEMPTS, retryDelayMs = UPLOAD_RETRY_DELAY_MS, signal } = options;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (attempt > 1) await wait(retryDelayMs, signal);
    try {
      return await sendOnce<T>(path, form, options);
    } catch (error) {
      lastError = error;
      const retryable =
        (error instanceof NetworkError && !signal?.aborted) ||
        (error instanceof ApiError && error.status >= 500);
      if (!retryable) throw error;
    }
  }
  throw lastError;
}

function sendOnce<T>(path: string, form: FormData, options: UploadOptions<T>): Promise<T> {
  const { onProgress, timeoutMs = UPLOAD_TIMEOUT_MS, signal, schema } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    const onAbort = () => xhr.abort();
    const cleanUp = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      cleanUp();
      let data: unknown;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = undefined;
      }
      try {
        resolve(settle<T>(xhr.status, data, schema));
      } catch (error) {
        reject(error as Error);
      }
    };
    xhr.onerror = () => {
      cleanUp();
      reject(new NetworkError('Network request failed'));
    };
    xhr.ontimeout = () => {
      cleanUp();
      reject(new NetworkError('The upload timed out', true));
    };
    xhr.onabort = () => {
      cleanUp();
      reject(new NetworkError('The upload was cancelled'));
    };
    if (signal?.aborted) {
      reject(new NetworkError('The upload was cancelled'));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    onProgress?.(0);
    xhr.send(form);
  });
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new NetworkError('The upload was cancelled'));
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new NetworkError('The upload was cancelled'));
      },
      { once: true },
    );
  });
}
