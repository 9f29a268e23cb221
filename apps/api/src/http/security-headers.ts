import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()';

/** What helmet is asked for: the recorded list is exactly what helmet sends with these options. */
export function helmetOptions(servedOverHttps: boolean): Parameters<typeof helmet>[0] {
  return {
    // HTTPS-only headers make sense only where the app is served over HTTPS.
    strictTransportSecurity: servedOverHttps,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': servedOverHttps ? [] : null,
        // Our own stylesheets and React's style attributes only: no stylesheet from any https: host.
        'style-src': ["'self'", "'unsafe-inline'"],
        // QR codes arrive as data: URLs; photo previews before upload are blob: URLs.
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
      },
    },
  };
}

/**
 * The security headers every response carries: helmet's (CSP, frame, sniffing, referrer,
 * cross-origin policies…) and a Permissions-Policy that keeps powerful browser features off unless
 * a page needs them (the login may share where the member is; photo verification takes a selfie).
 *
 * None of them depends on the request, so helmet is asked once, at start-up, what it would send;
 * each request then gets that list in one step instead of through a dozen middleware functions.
 */
export function securityHeaders(servedOverHttps: boolean): RequestHandler {
  const headers = recordedHeaders(helmet(helmetOptions(servedOverHttps)));
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** The headers a middleware sets on a response, run once against a stand-in. */
function recordedHeaders(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const standIn = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return standIn;
    },
    // helmet drops X-Powered-By, which the app never sends (x-powered-by is disabled).
    removeHeader() {},
  };
  let called = false;
  void middleware({} as Request, standIn as unknown as Response, () => {
    called = true;
  });
  // A middleware that works per request (a CSP nonce) cannot be recorded: refuse to start.
  if (!called) throw new Error('security headers: the middleware did not answer synchronously');
  return headers;
}
