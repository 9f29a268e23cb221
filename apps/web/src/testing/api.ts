import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one fake API of the web tests: Mock Service Worker answers the app's requests (fetch and
 * XMLHttpRequest uploads alike) at the network boundary, so the app's own API client runs as it
 * does in the browser. setup.ts starts it for every test file and forgets a test's answers after it.
 */
export const apiServer = setupServer();

/** An answer: a status (default 200) and a JSON body. */
export interface Answer {
  status?: number;
  body: unknown;
}

/** An answer with `status` and a JSON `body`, e.g. `respond(429, { success: false, message })`. */
export function respond(status: number, body: unknown): Answer {
  return { status, body };
}

/**
 * What a test sees of a request: its key, its body (JSON, or FormData for uploads), its URL and the
 * request itself (headers, credentials mode).
 */
export interface ApiCall {
  key: string;
  body: unknown;
  url: URL;
  request: Request;
}

/**
 * A canned answer, or a function of the request's body and URL giving one. The function may return
 * a promise (to hold an answer back until the test says so) or a Response (e.g.
 * `Response.error()` for a request that gets no answer).
 */
export type Reply =
  Answer | ((body: unknown, url: URL) => Answer | Response | Promise<Answer | Response>);

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json();
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text === '' ? undefined : text;
}

/**
 * Answers the API requests keyed "METHOD /api/path" (the query string is left out of the key and
 * passed in the URL); any other request gets no answer (a network error). Returns the calls made, in order, so a test
 * can check what the screen sent.
 */
export function mockApi(replies: Record<string, Reply>): ApiCall[] {
  const calls: ApiCall[] = [];
  apiServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}`;
      const body = await readBody(request);
      // `url` and `request` are left out of comparisons, so `expect(call).toEqual({ key, body })`
      // still holds.
      const call = { key, body } as ApiCall;
      Object.defineProperty(call, 'url', { value: url, enumerable: false });
      Object.defineProperty(call, 'request', { value: request, enumerable: false });
      calls.push(call);
      const reply = replies[key];
      // A request the test did not expect gets no answer, as when the network is down.
      if (!reply) return HttpResponse.error();
      const answer = typeof reply === 'function' ? await reply(body, url) : reply;
      if (answer instanceof Response) return answer;
      return HttpResponse.json(answer.body as never, { status: answer.status ?? 200 });
    }),
  );
  return calls;
}
