import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { memberId } from './auth.js';
import { AppError } from './errors.js';
import { hasControlCharacter } from './control-characters.js';

export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read (it was cut off or malformed). Please try again.';
export const FILE_NAME_CONTROL_CHARACTER_MESSAGE =
  'The file name contains control characters. Please rename the file and try again.';

/**
 * Uploads in flight at once: per member (one browser has no need for more) and per process (each
 * may hold a decoded image or a video's header boxes; more would let parallel uploads exhaust memory).
 */
export const UPLOAD_LIMITS = { perMember: 2, perProcess: 6 } as const;
/** How long a refused upload is told to wait before trying again. */
const UPLOAD_RETRY_SECONDS = 5;

export const UPLOAD_MESSAGES = {
  memberBusy: `You already have ${UPLOAD_LIMITS.perMember} uploads in progress. Please wait for them to finish, then try again.`,
  serverBusy: 'The server is busy with other uploads right now. Please try again in a moment.',
} as const;

/** Counts the uploads in flight in this process, in total and per member. */
export class UploadSlots {
  private total = 0;
  private readonly byMember = new Map<string, number>();

  constructor(private readonly limits: { perMember: number; perProcess: number }) {}

  /** Takes a slot, or throws the refusal that says which limit was reached. */
  acquire(member: string): void {
    const own = this.byMember.get(member) ?? 0;
    if (own >= this.limits.perMember) {
      throw new AppError(429, UPLOAD_MESSAGES.memberBusy, {
        retryAfterSeconds: UPLOAD_RETRY_SECONDS,
      });
    }
    if (this.total >= this.limits.perProcess) {
      throw new AppError(503, UPLOAD_MESSAGES.serverBusy, {
        retryAfterSeconds: UPLOAD_RETRY_SECONDS,
      });
    }
    this.total += 1;
    this.byMember.set(member, own + 1);
  }

  release(member: string): void {
    const own = this.byMember.get(member) ?? 0;
    if (own <= 1) this.byMember.delete(member);
    else this.byMember.set(member, own - 1);
    this.total = Math.max(0, this.total - 1);
  }
}

/** The one count for this process: every upload route takes its slots here. */
export const uploadSlots = new UploadSlots(UPLOAD_LIMITS);

/** Where uploads are written while they arrive: under DATA_DIR, never in memory. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

export interface MultipartOptions {
  dataDir: string;
  /** The one file field. */
  field: string;
  limits: multer.Options['limits'];
  defParamCharset?: string;
  fileFilter?: multer.Options['fileFilter'];
  /** The refusal of a file over `limits.fileSize`. */
  tooLarge: (req: Request, res: Response) => AppError;
}

/**
 * Receives a multipart upload of one file for a signed-in member. The member takes an upload slot
 * first (429 or 503, with Retry-After, before a byte is read); the file streams to a temporary file
 * under DATA_DIR; and when the response is over — success, refusal or a dropped connection — the
 * slot is given back and the temporary file removed. The handler gets the file's `path`, never its
 * bytes: it reads an image (size-limited) once it has arrived whole, inside the slot, and cleans
 * and stores a video from the file, so a video is never held whole in memory.
 *
 * What can go wrong with the request itself is a clear 4xx: a file over the limit (the caller's
 * message), a body without a boundary or cut off half way, a malformed part header (busboy's parse
 * errors carry no status), a control character in a file's name. Errors of our own side (a full
 * disk: they carry an errno) stay server errors.
 */
export function receiveMultipart(options: MultipartOptions): RequestHandler {
  const tempDir = uploadTempDir(options.dataDir);
  mkdirSync(tempDir, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({ destination: tempDir }),
    limits: options.limits,
    defParamCharset: options.defParamCharset,
    fileFilter: options.fileFilter,
  }).single(options.field);

  return (req, res, next) => {
    const member = memberId(req);
    uploadSlots.acquire(member);
    let released = false;
    const releaseSlot = () => {
      if (released) return;
      released = true;
      uploadSlots.release(member);
    };
    res.once('close', () => {
      releaseSlot();
      if (req.file?.path) void rm(req.file.path, { force: true });
    });

    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        next(options.tooLarge(req, res));
        return;
      }
      if (
        error instanceof Error &&
        !(error instanceof multer.MulterError) &&
        !isSystemError(error)
      ) {
        next(error instanceof AppError ? error : new AppError(400, MALFORMED_UPLOAD_MESSAGE));
        return;
      }
      if (error) {
        next(error);
        return;
      }
      const file = req.file;
      if (!file) {
        // Only text fields (a post without media): nothing held, so the slot is free for an
        // upload while this request does the rest of its work.
        releaseSlot();
        next();
        return;
      }
      if (hasControlCharacter(file.originalname)) {
        next(new AppError(400, FILE_NAME_CONTROL_CHARACTER_MESSAGE));
        return;
      }
      next();
    });
  };
}

const isSystemError = (error: Error): boolean =>
  typeof (error as NodeJS.ErrnoException).errno === 'number';
