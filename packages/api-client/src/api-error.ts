// The error every failed call becomes: the HTTP status, the API's stable code (or the client's
// own 'network' / 'invalid_answer'), its message and field errors (the contract's error shape).
import { SERVER_TEXT } from '@jono/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's stable error code, or 'network' / 'invalid_answer' from the client. */
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server could not fit the order before closing (its text is kept verbatim, section 8). */
  get isTimeSlot(): boolean {
    return this.code === 'time_slot' || this.message === SERVER_TEXT.timeSlot;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ErrorAnswer {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contract's errorSchema, checked by hand so that no screen loads zod for it. */
export function readErrorAnswer(payload: unknown): ErrorAnswer | null {
  if (!isRecord(payload)) return null;
  const { error, message, fields } = payload;
  if (typeof error !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { error, message };
  if (!isRecord(fields) || !Object.values(fields).every((v) => typeof v === 'string')) return null;
  return { error, message, fields: fields as Record<string, string> };
}

export async function toApiError(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  const answer = readErrorAnswer(payload);
  if (answer) return new ApiError(response.status, answer.error, answer.message, answer.fields);
  return new ApiError(response.status, `http_${response.status}`, response.statusText);
}
