// The API client both apps use: the market's base URL, the bearer token, one refresh-and-retry
// when the server refuses the token (401 or 422, spec section 7) and the app allows it, answers
// checked against a schema, every failure an ApiError. Each app configures one at start.
import type { Market, StreamTicketAnswer } from '@jono/contract';
import { ApiError, toApiError } from './api-error';
import { marketUrl } from './api-url';

/** What the client needs of a schema: a zod schema, or a hand-written check of the same shape. */
export interface AnswerSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * The stream ticket answer, checked by hand as the contract's `streamTicketAnswerSchema` checks
 * it: the customer app's first screen opens streams, and the zod schema would bring zod (about
 * 14 kB gzip) onto it (api-client.test.ts feeds both the same answers).
 */
export const streamTicketAnswerCheck: AnswerSchema<StreamTicketAnswer> = {
  safeParse(input) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return { success: false };
    }
    const { ticket, expires_in } = input as Record<string, unknown>;
    return typeof ticket === 'string' && Number.isSafeInteger(expires_in)
      ? { success: true, data: { ticket, expires_in: expires_in as number } }
      : { success: false };
  },
};

export interface ApiClientConfig {
  /** The API's base path, e.g. "/api". */
  base: string;
  /** The market calls go to unless a call names its own. */
  market(): Market | undefined;
  /** The access token to send, if any. */
  accessToken(): string | undefined;
  /**
   * The language the app shows, as a BCP 47 tag (Accept-Language): the server answers operator
   * texts (catalogue, notices, messages) and SMS in it where it has them.
   */
  language?(): string | undefined;
  /** Whether a refused token may be refreshed now (the customer app: remember-login is on). */
  canRefresh?(): boolean;
  /** Trades the refresh token for a new access token; null when that fails. */
  refresh?(): Promise<string | null>;
  /** A call made with a token ended in 401 (after any refresh): the session is over. */
  onSessionEnded?(): void;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  schema?: AnswerSchema<T>;
  signal?: AbortSignal;
  /** Send the bearer token (default); false for calls made without a session (login). */
  auth?: boolean;
  /** Call this market instead of the configured one (a login before any session exists). */
  market?: Market;
  /** A shop display's or kiosk's device code, sent as the bearer instead of the session's token. */
  deviceCode?: string;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** The absolute path of a call, for EventSource and links. */
  url(path: string, market?: Market): string;
  /** Refreshes the session once for every caller waiting at the same time. */
  refresh(): Promise<string | null>;
  /** An event stream's URL with a fresh 60-second stream ticket (POST /stream-ticket/). */
  streamUrl(
    path: string,
    options?: { market?: Market; deviceCode?: string; signal?: AbortSignal },
  ): Promise<string>;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  let refreshing: Promise<string | null> | null = null;

  function url(path: string, market = config.market()): string {
    if (!market) throw new ApiError(401, 'unauthorized', 'No market chosen');
    return marketUrl(config.base, market, path);
  }

  function refresh(): Promise<string | null> {
    refreshing ??= (config.refresh?.() ?? Promise.resolve(null))
      .catch(() => null)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send(
    target: string,
    method: Method,
    body: unknown,
    token: string | undefined,
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const language = config.language?.();
    if (language) headers['Accept-Language'] = language;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetch(target, {
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

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const { method = 'GET', body, schema, signal, auth = true } = options;
    const target = url(path, options.market);
    const token = auth && !options.deviceCode ? config.accessToken() : undefined;
    let response = await send(target, method, body, options.deviceCode ?? token, signal);

    if (token && (response.status === 401 || response.status === 422)) {
      const fresh = config.canRefresh?.() ? await refresh() : null;
      if (fresh) response = await send(target, method, body, fresh, signal);
      if (response.status === 401) config.onSessionEnded?.();
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

  /**
   * The URL of an event stream with a fresh 60-second stream ticket in `?ticket=` (EventSource
   * cannot send headers, and no token or device code may appear in a URL): the ticket is asked
   * for with the session's token, or with `deviceCode` for a shop display.
   */
  async function streamUrl(
    path: string,
    options: { market?: Market; deviceCode?: string; signal?: AbortSignal } = {},
  ): Promise<string> {
    const { ticket } = await request('/stream-ticket/', {
      method: 'POST',
      schema: streamTicketAnswerCheck,
      market: options.market,
      deviceCode: options.deviceCode,
      signal: options.signal,
    });
    const target = url(path, options.market);
    return `${target}${target.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`;
  }

  return { request, url, refresh, streamUrl };
}
