// The app's one API client: base URL by market, bearer token, one refresh-and-retry on 401/422
// when remember-login is on, answers checked against a schema (the contract's, or on the /home
// path a hand-written check from answer-guards.ts), errors as ApiError.
import { SERVER_TEXT } from '@jono/contract';
import { env } from '../config/env';
import { errorAnswer, refreshAnswer, type AnswerSchema } from './answer-guards';
import { currentMarket } from './locale-store';
import { useSessionStore } from './session-store';

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

  get isTimeSlot(): boolean {
    return this.code === 'time_slot' || this.message === SERVER_TEXT.timeSlot;
  }
}

export function apiUrl(path: string): string {
  return `${env.apiBase}/${currentMarket()}${path.startsWith('/') ? path : `/${path}`}`;
}

type Listener = (reason: 'expired') => void;
const sessionEndListeners = new Set<Listener>();
/** The app subscribes to end the session (logout, notice) when tokens can no longer be used. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
  /** Send the bearer token (default when a session exists). */
  auth?: boolean;
}

async function send(
  path: string,
  method: string,
  body: unknown,
  token: string | undefined,
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON: keep the status only.
  }
  const parsed = errorAnswer.safeParse(payload);
  if (parsed.success) {
    return new ApiError(
      response.status,
      parsed.data.error,
      parsed.data.message,
      parsed.data.fields,
    );
  }
  return new ApiError(response.status, 'http_' + response.status, response.statusText);
}

let refreshing: Promise<string | null> | null = null;

/** Refreshes the tokens once for every caller waiting at the same time. */
export function refreshSession(): Promise<string | null> {
  refreshing ??= (async () => {
    const { session, setSession } = useSessionStore.getState();
    if (!session) return null;
    const response = await send(
      '/refresh/',
      'POST',
      { refresh: session.refreshToken },
      undefined,
    ).catch(() => null);
    if (!response?.ok) return null;
    const answer = refreshAnswer.safeParse(await response.json().catch(() => null));
    if (!answer.success) return null;
    setSession({
      customerId: answer.data.customer_id,
      accessToken: answer.data.access_token,
      refreshToken: answer.data.refresh_token,
    });
    return answer.data.access_token;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, schema, signal, auth = true } = options;
  const state = useSessionStore.getState();
  const token = auth ? state.session?.accessToken : undefined;
  let response = await send(path, method, body, token, signal);

  if (token && (response.status === 401 || response.status === 422)) {
    const fresh = state.rememberLogin ? await refreshSession() : null;
    if (fresh) {
      response = await send(path, method, body, fresh, signal);
    }
    if (response.status === 401) {
      sessionEndListeners.forEach((listener) => listener('expired'));
    }
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'invalid_answer', 'The server answered unexpectedly');
  }
  return parsed.data;
}
