// Errors the routes throw; the error handler turns them into `{error, message, fields?}`.
import type { ErrorCode } from '@jono/contract';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, 'not_found', what);
export const forbidden = () => new HttpError(403, 'forbidden', 'You may not access this resource');
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'unauthorized', message);
