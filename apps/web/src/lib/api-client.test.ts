import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  NetworkError,
  api,
  messageOf,
  prefetchGet,
  setPlanLimitHandler,
  setUnauthorizedHandler,
  uploadForm,
} from './api-client';
import { mockApi, respond } from '../testing/api';

/** An answer that never comes, like a server that does not answer: only an abort ends the call. */
const never = () => new Promise<never>(() => {});

afterEach(() => setUnauthorizedHandler(undefined));

describe('api client', () => {
  it('sends JSON with credentials to /api and returns the parsed body', async () => {
    const calls = mockApi({
      'POST /api/users/login': { body: { success: true, user: { _id: 'u1' } } },
    });

    const result = await api.post<{ user: { _id: string } }>('/users/login', { email: 'a@b.co' });

    expect(result.user._id).toBe('u1');
    expect(calls).toEqual([{ key: 'POST /api/users/login', body: { email: 'a@b.co' } }]);
    const { request } = calls[0]!;
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Content-Type')).toBe('application/json');
  });

  it('adds query parameters, skipping empty ones', async () => {
    const calls = mockApi({ 'GET /api/users/search': { body: { success: true } } });
    await api.get('/users/search', { query: { searchText: 'ann lee', page: 2, limit: undefined } });
    expect(calls[0]?.url.search).toBe('?searchText=ann+lee&page=2');
  });

  it('turns {success:false,message} answers into an ApiError with status and message', async () => {
    mockApi({
      'POST /api/send-otp': respond(429, {
        success: false,
        message: 'Please wait',
        retryAfterSeconds: 42,
      }),
    });
    const error = await api.post('/send-otp', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Please wait', retryAfterSeconds: 42 });
  });

  it('treats success:false in a 200 answer as a failure too', async () => {
    mockApi({ 'GET /api/x': { body: { success: false, message: 'Nope' } } });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 200, message: 'Nope' });
  });

  it('gives a generic message when the failure body is not JSON', async () => {
    mockApi({ 'GET /api/x': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
    });
  });

  it('gives up after 5 seconds by default with a timed-out NetworkError', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/slow': never });
    const outcome = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(4_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true });
    // Screens that read failures through messageOf say why, not their generic fallback.
    expect(messageOf(error, 'Failed to load')).toBe(
      'The server did not answer in time. Please try again.',
    );
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    mockApi({ 'GET /api/slow': never });
    const outcome = api.get('/slow', { timeoutMs: 100 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toMatchObject({ name: 'NetworkError', timedOut: true });
  });

  it('reports a connection failure as a NetworkError that did not time out', async () => {
    // mockApi answers a request it was not given with a network error.
    mockApi({});
    await expect(api.get('/x')).rejects.toMatchObject({ name: 'NetworkError', timedOut: false });
  });

  it('calls the unauthorized handler on a 401', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockApi({ 'GET /api/posts': respond(401, { success: false, message: 'Please log in first' }) });
    await expect(api.get('/posts')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
  });
});

/** A scriptable XMLHttpRequest: each `send` plays the next scripted outcome. */
type Outcome =
  { kind: 'respond'; status: number; body: unknown } | { kind: 'error' } | { kind: 'timeout' };

function installFakeXhr(outcomes: Outcome[]) {
  const sent: FakeXhr[] = [];
  class FakeXhr {
    upload: {
      onprogress:
        ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    url = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push(this);
      const outcome = outcomes.shift();
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (!outcome || outcome.kind === 'error') return this.onerror?.();
        if (outcome.kind === 'timeout') return this.ontimeout?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = outcome.status;
        this.responseText = JSON.stringify(outcome.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploadForm', () => {
  it('posts to /api with credentials, a 30 s timeout, and reports progress', async () => {
    const sent = installFakeXhr([
      { kind: 'respond', status: 200, body: { success: true, url: '/media/a.jpg' } },
    ]);
    const progress: number[] = [];
    const result = await uploadForm<{ url: string }>('/profile/upload-photo', new FormData(), {
      onProgress: (p) => progress.push(p),
    });
    expect(result.url).toBe('/media/a.jpg');
    expect(sent[0]).toMatchObject({
      url: '/api/profile/upload-photo',
      withCredentials: true,
      timeout: 30_000,
    });
    expect(progress).toEqual([0, 50, 100]);
  });

  it('tries up to 3 times, 1 s apart, after network failures and timeouts', async () => {
    vi.useFakeTimers();
    const sent = installFakeXhr([
      { kind: 'error' },
      { kind: 'timeout' },
      { kind: 'respond', status: 200, body: { success: true, url: '/media/b.jpg' } },
    ]);
    const result = uploadForm<{ url: string }>('/profile/upload-photo', new FormData());
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toHaveLength(3);
    await expect(result).resolves.toMatchObject({ url: '/media/b.jpg' });
  });

  it('stops after the third failed attempt and rethrows the last error', async () => {
    vi.useFakeTimers();
    const sent = installFakeXhr([
      { kind: 'respond', status: 503, body: { success: false, message: 'Busy' } },
      { kind: 'respond', status: 503, body: { success: false, message: 'Busy' } },
      {
        kind: 'respond',
        status: 500,
        body: { success: false, message: 'Server error. Please try again later.' },
      },
    ]);
    const outcome = uploadForm('/profile/upload-photo', new FormData()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(3);
    expect(await outcome).toMatchObject({
      status: 500,
      message: 'Server error. Please try again later.',
    });
  });

  it('does not retry a refusal such as a 400', async () => {
    const sent = installFakeXhr([
      { kind: 'respond', status: 400, body: { success: false, message: 'File x is not an image' } },
    ]);
    await expect(uploadForm('/profile/upload-photo', new FormData())).rejects.toMatchObject({
      status: 400,
      message: 'File x is not an image',
    });
    expect(sent).toHaveLength(1);
  });

  describe('early requests (prefetchGet)', () => {
    it("gives the answer to the screen's GET of the same URL: one request, not two", async () => {
      const calls = mockApi({ 'GET /api/posts': { body: { success: true, posts: ['p1'] } } });
      prefetchGet('/posts', { userId: 'u1' });
      const page = await api.get<{ posts: string[] }>('/posts', {
        query: { cursor: undefined, userId: 'u1' },
      });
      expect(page.posts).toEqual(['p1']);
      expect(calls).toHaveLength(1);
      // Taken once: the next read asks the server again.
      await api.get('/posts', { query: { userId: 'u1' } });
      expect(calls).toHaveLength(2);
    });

    it('leaves other URLs alone', async () => {
      const calls = mockApi({ 'GET /api/posts': { body: { success: true } } });
      prefetchGet('/posts', { userId: 'u1' });
      await api.get('/posts', { query: { userId: 'u2' } });
      expect(calls.map((call) => call.url.search).sort()).toEqual(['?userId=u1', '?userId=u2']);
      await api.get('/posts', { query: { userId: 'u1' } });
    });

    it('judges an early refusal when it is taken: a 401 reaches the unauthorized handler then', async () => {
      mockApi({ 'GET /api/posts': respond(401, { success: false, message: 'Not signed in' }) });
      const handler = vi.fn();
      // The refusal has arrived (the prefetch's own promise settles with it) before any handler.
      await prefetchGet('/posts', { userId: 'u1' });
      expect(handler).not.toHaveBeenCalled();
      setUnauthorizedHandler(handler);
      await expect(api.get('/posts', { query: { userId: 'u1' } })).rejects.toBeInstanceOf(ApiError);
      expect(handler).toHaveBeenCalledTimes(1);
    });
  });
});

describe('PLAN_LIMIT refusals', () => {
  afterEach(() => setPlanLimitHandler(undefined));

  it('hands a refusal met before any handler to the handler installed after it, once', async () => {
    mockApi({
      'GET /api/discover': respond(403, {
        success: false,
        code: 'PLAN_LIMIT',
        message: 'Distance filters need Premium',
        feature: 'advancedFilters',
        requiredPlan: 'premium',
      }),
    });
    await expect(api.get('/discover')).rejects.toBeInstanceOf(ApiError);

    const handler = vi.fn();
    setPlanLimitHandler(handler);
    expect(handler).toHaveBeenCalledTimes(1);
    expect((handler.mock.calls[0]![0] as ApiError).message).toBe('Distance filters need Premium');

    const later = vi.fn();
    setPlanLimitHandler(later);
    expect(later).not.toHaveBeenCalled();
  });
});
