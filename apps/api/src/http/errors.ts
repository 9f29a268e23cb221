import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MulterError } from 'multer';
import { ZodError, z } from 'zod';
import { SERVER_ERROR_MESSAGE, defaultErrorCode, type ErrorCode } from '@kindred/contracts';
import { isDatabaseUnavailable } from '../db/availability.js';
import { findNulCharacter, NUL_CHARACTER_MESSAGE } from './control-characters.js';

/**
 * The one error type of the API. A service throws it with the HTTP status, the message the member
 * should read (the spec's wording where the spec has one) and, where a client must tell this failure
 * apart from others of its status, a specific code; the handler below turns it into
 * `{ success: false, message, code }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra fields merged into the JSON body (e.g. `retryAfterSeconds`). */
  readonly details: Record<string, unknown>;

  constructor(
    readonly status: number,
    message: string,
    /** A code, or extra body fields that may name one (`{ code, retryAfterSeconds }`). */
    codeOrDetails: ErrorCode | ({ code?: ErrorCode } & Record<string, unknown>) = {},
  ) {
    super(message);
    this.name = 'AppError';
    const { code, ...details } =
      typeof codeOrDetails === 'string' ? { code: codeOrDetails } : codeOrDetails;
    this.code = code ?? defaultErrorCode(status);
    this.details = details;
  }
}

export const badRequest = (
  message: string,
  codeOrDetails?: ErrorCode | ({ code?: ErrorCode } & Record<string, unknown>),
) => new AppError(400, message, codeOrDetails);
export const unauthorized = (message = 'Please log in first', code?: ErrorCode) =>
  new AppError(401, message, code);
export const forbidden = (message = 'You are not allowed to do that', code?: ErrorCode) =>
  new AppError(403, message, code);
export const notFound = (message = 'Not found', code?: ErrorCode) =>
  new AppError(404, message, code);
export const conflict = (message: string, code?: ErrorCode) => new AppError(409, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { retryAfterSeconds });

/** Parse untrusted input with a contract schema; failures become a 400 naming each bad field. */
export function parse<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  // Every body, query and form field passes here: one check keeps NUL out of every query.
  const nulAt = findNulCharacter(input);
  if (nulAt) {
    throw new AppError(400, NUL_CHARACTER_MESSAGE, {
      errors: [{ field: nulAt.join('.'), message: NUL_CHARACTER_MESSAGE }],
    });
  }
  // z.safeParse takes any zod schema, the full build's and zod/mini's (the login's) alike.
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

function validationError(error: ZodError): AppError {
  const errors = error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  return new AppError(400, errors[0]?.message ?? 'Invalid request', { errors });
}

export const apiNotFound: RequestHandler = (req) => {
  throw new AppError(404, `No API route for ${req.method} ${req.path}`);
};

/** The database is restarting or unreachable: the member may simply try again shortly. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Kindred cannot reach its database right now. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const appError = toAppError(error);
  if (appError) {
    if (appError.status === 429 && typeof appError.details.retryAfterSeconds === 'number') {
      res.setHeader('Retry-After', String(Math.ceil(appError.details.retryAfterSeconds)));
    }
    res.status(appError.status).json({
      success: false,
      message: appError.message,
      code: appError.code,
      ...appError.details,
    });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res
      .status(503)
      .json({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    return;
  }
  req.log.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(500).json({ success: false, message: SERVER_ERROR_MESSAGE, code: 'SERVER_ERROR' });
};

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'File is too large');
    if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') {
      return new AppError(400, `Unexpected file field "${error.field ?? ''}"`);
    }
    return new AppError(400, error.message);
  }
  // Errors raised by body parsing (malformed JSON, too large, bad charset) carry a 4xx status.
  const httpish = error as HttpishError | undefined;
  const status = httpish?.status ?? httpish?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (httpish?.type === 'entity.parse.failed') return new AppError(400, 'Malformed JSON body');
    if (httpish?.type === 'entity.too.large') return new AppError(413, 'Request body is too large');
    return new AppError(status, 'Bad request');
  }
  return undefined;
}
