import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { AppError } from './errors.js';
import { hasControlCharacter } from './control-characters.js';

export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read (it was cut off or malformed). Please try again.';
export const FILE_NAME_CONTROL_CHARACTER_MESSAGE =
  'The file name contains control characters. Please rename the file and try again.';

/**
 * Runs a multer middleware and turns what can go wrong with the request itself into a clear 4xx:
 * a file over the limit (the caller's message), a body without a boundary or cut off half way, a
 * malformed part header (busboy's parse errors carry no status), a control character in a file's
 * name. Errors of our own side (a full disk: they carry an errno `code`) stay server errors.
 */
export function receiveMultipart(
  upload: RequestHandler,
  tooLarge: (req: Request, res: Response) => AppError,
): RequestHandler {
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        next(tooLarge(req, res));
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
      const files = [req.file, ...(Array.isArray(req.files) ? req.files : [])];
      if (files.some((file) => file && hasControlCharacter(file.originalname))) {
        next(new AppError(400, FILE_NAME_CONTROL_CHARACTER_MESSAGE));
        return;
      }
      next();
    });
  };
}

const isSystemError = (error: Error): boolean =>
  typeof (error as NodeJS.ErrnoException).errno === 'number';
