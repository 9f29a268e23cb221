import { readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

/** The encodings the web build writes twins in (apps/web/vite.config.ts), in order of preference. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

export type Encoding = (typeof ENCODINGS)[number]['name'];

type StaticOptions = NonNullable<Parameters<typeof express.static>[1]>;

/**
 * express.static for a folder whose files may have precompressed twins (`app.js.br`,
 * `app.js.gz`): a browser that accepts one gets the twin's bytes as they are, with
 * `Content-Encoding`, the file's own Content-Type and `Vary: Accept-Encoding`, so the CPU spends
 * nothing on compressing it (the compression middleware leaves an encoded answer alone). Files
 * without a twin, and range requests, are served as express.static serves them.
 *
 * Each encoding has its own ETag (the twin's size and time, and the encoding), so a 304 is only
 * answered for the bytes the browser holds. A range request gets the file's own bytes, as before
 * (app.ts answers ranges byte for byte): its offsets mean the same whatever the client accepts.
 *
 * The twins are found once, when the app starts (the build is fixed while the server runs); a
 * twin that has gone since is skipped for the file itself.
 */
export function staticWithPrecompressedTwins(root: string, options: StaticOptions): RequestHandler {
  const twins = findTwins(root);
  const encodingSent = new WeakMap<Response, Encoding>();
  const serve = express.static(root, {
    ...options,
    setHeaders(res, file, stat) {
      const encoding = encodingSent.get(res);
      if (encoding === undefined) {
        options.setHeaders?.(res, file, stat);
        return;
      }
      // The caller's rules are about the file, whatever bytes carry it.
      options.setHeaders?.(res, file.slice(0, -extensionOf(encoding).length), stat);
      res.setHeader('ETag', encodedETag(stat, encoding));
    },
  });
  return (req, res, next) => {
    const available = (req.method === 'GET' || req.method === 'HEAD') && twins.get(req.path);
    if (!available) return serve(req, res, next);
    res.vary('Accept-Encoding');
    const encoding = req.headers.range
      ? undefined
      : chooseEncoding(req.headers['accept-encoding'], available);
    if (encoding === undefined) return serve(req, res, next);

    // The file's type, not the twin's (send would call a `.br` file application/octet-stream).
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', encoding);
    encodingSent.set(res, encoding);
    const url = req.url;
    const query = url.indexOf('?');
    req.url = req.path + extensionOf(encoding) + (query === -1 ? '' : url.slice(query));
    serve(req, res, (error?: unknown) => {
      req.url = url;
      encodingSent.delete(res);
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      if (error) return next(error);
      serve(req, res, next);
    });
  };
}

/**
 * The encoding to send from those `available`, as Accept-Encoding allows: the one the client
 * ranks highest (q), brotli on a tie (smaller than gzip for the same file). `*` stands for any
 * coding not named; a coding at q=0, or neither named nor covered by `*`, is not acceptable.
 * Undefined: the file's own bytes.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const ranks = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    if (Number.isNaN(q)) continue;
    ranks.set(coding.trim(), q);
  }
  let best: Encoding | undefined;
  let bestRank = 0;
  for (const { name } of ENCODINGS) {
    if (!available.includes(name)) continue;
    const rank = ranks.get(name) ?? ranks.get('*') ?? 0;
    if (rank > bestRank) {
      best = name;
      bestRank = rank;
    }
  }
  return best;
}

/** URL path (`/assets/app.js`) → the encodings it has a twin in, from the files under `root`. */
export function findTwins(root: string): Map<string, Encoding[]> {
  const files = new Set<string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.add(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  const twins = new Map<string, Encoding[]>();
  for (const file of files) {
    const encodings = ENCODINGS.filter(({ extension }) => files.has(file + extension));
    // URL paths are percent-encoded; the build's file names need no escaping, others are skipped.
    if (encodings.length > 0 && encodeURI(file) === file) {
      twins.set(
        `/${file}`,
        encodings.map(({ name }) => name),
      );
    }
  }
  return twins;
}

function extensionOf(encoding: Encoding): string {
  return ENCODINGS.find(({ name }) => name === encoding)!.extension;
}

/** send's weak ETag (size and time, in hex) with the encoding added, so no two encodings share one. */
function encodedETag(stat: Stats, encoding: Encoding): string {
  return `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}-${encoding}"`;
}
