import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { MediaStorage } from '../media/index.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Streams a stored object to the member, whichever store holds it: Range requests get 206 with the
 * bytes asked for (videos seek without downloading the whole file), a repeat request with the ETag
 * gets 304, and only the requested bytes are read from the store. Returns false when there is no
 * such object (the caller answers 404).
 */
export async function sendStoredMedia(
  storage: MediaStorage,
  key: string,
  req: Request,
  res: Response,
): Promise<boolean> {
  const info = await storage.stat(key);
  if (!info) return false;
  // Keys are random and never reused, so the key and size name the content for good.
  const etag = `"${path.parse(key).name}-${info.size.toString(36)}"`;
  res.setHeader('ETag', etag);
  if (info.lastModified) res.setHeader('Last-Modified', info.lastModified.toUTCString());
  // Members only (the cookie is required), so shared caches must not keep it.
  res.setHeader('Cache-Control', `private, max-age=${ONE_YEAR_SECONDS}, immutable`);
  res.setHeader('Accept-Ranges', 'bytes');
  res.type(path.extname(key));
  if (req.fresh) {
    res.status(304).end();
    return true;
  }

  let range: { start: number; end: number } | undefined;
  const ifRange = req.get('If-Range');
  const rangeApplies = !ifRange || ifRange === etag;
  if (req.get('Range') && rangeApplies) {
    const ranges = req.range(info.size, { combine: true });
    if (ranges === -1) {
      res.status(416).setHeader('Content-Range', `bytes */${info.size}`).end();
      return true;
    }
    // One range is served as asked; a malformed header or several ranges get the whole file.
    if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes') {
      range = { start: ranges[0]!.start, end: ranges[0]!.end };
    }
  }

  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  const length = range ? range.end - range.start + 1 : info.size;
  res.setHeader('Content-Length', String(length));
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return true;
  }
  const body = await storage.read(key, range);
  if (!body) {
    // Deleted between the two calls: nothing has been sent yet.
    for (const header of [
      'Content-Range',
      'Content-Length',
      'ETag',
      'Last-Modified',
      'Cache-Control',
    ]) {
      res.removeHeader(header);
    }
    res.status(200);
    return false;
  }
  // Piped by hand rather than with stream.pipeline, which puts seven 'close' listeners on the
  // response: with the app's own (metrics, request log, compression, graceful stop) that passed
  // Node's limit of ten and logged a MaxListenersExceededWarning for every picture served.
  body.once('error', (error) => res.destroy(error));
  body.pipe(res);
  try {
    await finished(res);
  } catch (error) {
    body.destroy();
    // A member closing the page mid-video is not an error of ours.
    if (!res.writableEnded && req.socket.destroyed) return true;
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
    throw error;
  }
  return true;
}
