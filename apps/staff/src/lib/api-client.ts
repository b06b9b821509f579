// The console's one API client: the session's market and bearer token, answers parsed with the
// contract's schemas, every failure turned into an ApiError with a stable code.
import { errorSchema, type Market } from '@jono/contract';
import type { z } from 'zod';
import { env } from '../config/env';
import { sessionStore, signOut } from './session';

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
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function apiUrl(market: Market, path: string): string {
  return `${env.apiBase}/${market}${path.startsWith('/') ? path : `/${path}`}`;
}

interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
  /** For calls made before a session exists (login). */
  market?: Market;
}

async function toApiError(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  const parsed = errorSchema.safeParse(payload);
  if (parsed.success) {
    return new ApiError(
      response.status,
      parsed.data.error,
      parsed.data.message,
      parsed.data.fields,
    );
  }
  return new ApiError(response.status, `http_${response.status}`, response.statusText);
}

export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const { method = 'GET', body, schema, signal } = options;
  const session = sessionStore.get();
  const market = options.market ?? session?.market;
  if (!market) throw new ApiError(401, 'unauthorized', 'Not signed in');

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session && !options.market) headers.Authorization = `Bearer ${session.token}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(market, path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }

  if (response.status === 401 && session && !options.market) signOut();
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as z.infer<S>;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!schema) return payload as z.infer<S>;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'invalid_answer', 'The server answered unexpectedly');
  }
  return parsed.data;
}
