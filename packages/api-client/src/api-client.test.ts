import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorSchema, streamTicketAnswerSchema } from '@jono/contract';
import { fakeFetch, json } from '@jono/test-kit';
import { createApiClient, streamTicketAnswerCheck, type ApiClientConfig } from './api-client';
import { ApiError, readErrorAnswer } from './api-error';
import { marketUrl } from './api-url';

afterEach(() => vi.unstubAllGlobals());

function client(overrides: Partial<ApiClientConfig> = {}) {
  return createApiClient({
    base: '/api',
    market: () => 'fi',
    accessToken: () => 'old',
    ...overrides,
  });
}

describe('marketUrl', () => {
  it('keeps the trailing slash for FI and EE and drops it for NO, DK and SE', () => {
    expect(marketUrl('/api', 'fi', '/pobs/')).toBe('/api/fi/pobs/');
    expect(marketUrl('/api/', 'ee', 'pobs/3/')).toBe('/api/ee/pobs/3/');
    expect(marketUrl('/api', 'no', '/pobs/')).toBe('/api/no/pobs');
    expect(marketUrl('/api', 'dk', '/staff/summary/?date=2026-11-23')).toBe(
      '/api/dk/staff/summary?date=2026-11-23',
    );
    expect(marketUrl('/api', 'se', '/')).toBe('/api/se/');
  });
});

describe('the API client', () => {
  it("asks for the app's language on every call, as it is when the call is made", async () => {
    let language = 'sv';
    const seen: (string | undefined)[] = [];
    const fake = fakeFetch((_url, init) => {
      seen.push((init?.headers as Record<string, string>)['Accept-Language']);
      return json(200, { ok: true });
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const api = client({ language: () => language });
    await api.request('/pobs/');
    language = 'en';
    await api.request('/pobs/');
    await client().request('/pobs/');
    expect(seen).toEqual(['sv', 'en', undefined]);
  });

  it('refreshes once for every call refused at the same time and retries each with the new token', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => {
      await Promise.resolve();
      token = 'new';
      return token;
    });
    const fake = fakeFetch((_url, init) => {
      const auth = (init?.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { error: 'a', message: 'b' });
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const api = client({ accessToken: () => token, canRefresh: () => true, refresh });
    await expect(Promise.all([api.request('/a/'), api.request('/b/')])).resolves.toEqual([
      { ok: true },
      { ok: true },
    ]);
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('refreshes on 422 too, but never retries twice, and ends the session on a second 401', async () => {
    const ended = vi.fn();
    const refresh = vi.fn(async () => 'new');
    const fake = fakeFetch((_url, init) => {
      const auth = (init?.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new'
        ? json(401, { error: 'token_expired', message: 'Expired' })
        : json(422, { error: 'token_invalid', message: 'Invalid' });
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const api = client({ canRefresh: () => true, refresh, onSessionEnded: ended });
    await expect(api.request('/customers/1/')).rejects.toMatchObject({ status: 401 });
    expect(fake.calls).toHaveLength(2);
    expect(refresh).toHaveBeenCalledOnce();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('does not refresh when the app does not allow it, nor for calls made without a token', async () => {
    const refresh = vi.fn(async () => 'new');
    const ended = vi.fn();
    vi.stubGlobal('fetch', fakeFetch(() => json(401, { error: 'x', message: 'y' })).fetchImpl);
    const api = client({ canRefresh: () => false, refresh, onSessionEnded: ended });
    await expect(api.request('/a/')).rejects.toBeInstanceOf(ApiError);
    await expect(api.request('/login/', { auth: false, market: 'no' })).rejects.toMatchObject({
      status: 401,
    });
    expect(refresh).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('sends no bearer for auth: false and calls the named market', async () => {
    const sent: (string | undefined)[] = [];
    const fake = fakeFetch((_url, init) => {
      sent.push((init?.headers as Record<string, string>).Authorization);
      return json(200, {});
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const api = client();
    await api.request('/login/', { method: 'POST', body: { a: 1 }, auth: false, market: 'ee' });
    await api.request('/customers/1/');
    expect(fake.calls[0]).toEqual({ method: 'POST', path: '/api/ee/login/', body: { a: 1 } });
    expect(sent).toEqual([undefined, 'Bearer old']);
  });

  it('opens streams with a 60-second ticket in the URL, never the token or the device code', async () => {
    const sent: (string | undefined)[] = [];
    const fake = fakeFetch((_url, init) => {
      sent.push((init?.headers as Record<string, string>).Authorization);
      return json(200, { ticket: 'tick.et', expires_in: 60 });
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const api = client();
    const order = await api.streamUrl('/customers/1/orders/2/events');
    expect(order).toBe('/api/fi/customers/1/orders/2/events?ticket=tick.et');
    const display = await api.streamUrl('/display/3/events', {
      deviceCode: 'FI-AAAA',
      market: 'se',
    });
    expect(display).toBe('/api/se/display/3/events?ticket=tick.et');
    expect(sent).toEqual(['Bearer old', 'Bearer FI-AAAA']);
    expect(fake.calls.map((c) => c.path)).toEqual([
      '/api/fi/stream-ticket/',
      '/api/se/stream-ticket',
    ]);
    for (const url of [order, display]) {
      expect(url).not.toContain('old');
      expect(url).not.toContain('FI-AAAA');
    }
  });

  it('sends a device code as the bearer instead of the session, and never refreshes it', async () => {
    const refresh = vi.fn(async () => 'new');
    const sent: (string | undefined)[] = [];
    const fake = fakeFetch((_url, init) => {
      sent.push((init?.headers as Record<string, string>).Authorization);
      return json(401, { error: 'device_code', message: 'Revoked' });
    });
    vi.stubGlobal('fetch', fake.fetchImpl);
    const api = client({ canRefresh: () => true, refresh });
    await expect(
      api.request('/display/1/', { deviceCode: 'FI-AAAA', market: 'se' }),
    ).rejects.toMatchObject({ code: 'device_code' });
    expect(sent).toEqual(['Bearer FI-AAAA']);
    expect(fake.calls[0]?.path).toBe('/api/se/display/1');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('turns the contract error shape, a non-JSON failure, a network failure and a wrong answer into ApiErrors', async () => {
    const api = client();
    vi.stubGlobal(
      'fetch',
      fakeFetch(() =>
        json(403, { error: 'forbidden', message: 'Not yours', fields: { id: 'Other customer' } }),
      ).fetchImpl,
    );
    await expect(api.request('/customers/2/')).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Not yours',
      fields: { id: 'Other customer' },
    });
    vi.stubGlobal('fetch', async () => new Response('Bad Gateway', { status: 502 }));
    await expect(api.request('/pobs/')).rejects.toMatchObject({ status: 502, code: 'http_502' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.request('/pobs/')).rejects.toMatchObject({ status: 0, code: 'network' });
    vi.stubGlobal('fetch', fakeFetch(() => json(200, { id: 'x' })).fetchImpl);
    const schema = {
      safeParse: (v: unknown) =>
        typeof (v as { id?: unknown }).id === 'number'
          ? { success: true as const, data: v as { id: number } }
          : { success: false as const },
    };
    await expect(api.request('/x/', { schema })).rejects.toMatchObject({ code: 'invalid_answer' });
  });

  it('recognises the time-slot refusal by its code or its verbatim server text', () => {
    expect(new ApiError(400, 'time_slot', 'x').isTimeSlot).toBe(true);
    expect(new ApiError(400, 'bad', 'Could not allocate time slot for order').isTimeSlot).toBe(
      true,
    );
    expect(new ApiError(400, 'bad', 'Other').isTimeSlot).toBe(false);
  });
});

describe('readErrorAnswer', () => {
  const valid = [
    { error: 'time_slot', message: 'Could not allocate time slot for order' },
    { error: 'validation', message: 'Invalid', fields: { phone: 'Invalid phone number' } },
    { error: 'validation', message: 'Invalid', fields: {} },
  ];
  const broken = [
    null,
    'Bad Gateway',
    { error: 'validation' },
    { error: 'validation', message: 'Invalid', fields: { phone: 1 } },
    { error: 'validation', message: 'Invalid', fields: ['phone'] },
    { error: 'validation', message: 'Invalid', fields: null },
  ];

  it('accepts what the contract accepts and refuses what it refuses', () => {
    for (const answer of valid) {
      expect(errorSchema.safeParse(answer).success).toBe(true);
      expect(readErrorAnswer(answer)).not.toBeNull();
    }
    for (const answer of broken) {
      expect(errorSchema.safeParse(answer).success).toBe(false);
      expect(readErrorAnswer(answer)).toBeNull();
    }
  });
});

describe('streamTicketAnswerCheck', () => {
  it('accepts and refuses the same stream ticket answers as the contract schema', () => {
    const answers: unknown[] = [
      { ticket: 'abc', expires_in: 60 },
      { ticket: 'abc', expires_in: 60, extra: true },
      { ticket: '', expires_in: 0 },
      { ticket: 'abc', expires_in: 1.5 },
      { ticket: 'abc', expires_in: '60' },
      { ticket: 'abc', expires_in: Number.MAX_SAFE_INTEGER + 1 },
      { ticket: 'abc', expires_in: Number.POSITIVE_INFINITY },
      { ticket: 7, expires_in: 60 },
      { expires_in: 60 },
      { ticket: 'abc' },
      [],
      null,
      'abc',
      undefined,
    ];
    for (const answer of answers) {
      const zod = streamTicketAnswerSchema.safeParse(answer);
      const check = streamTicketAnswerCheck.safeParse(answer);
      expect({ answer, success: check.success }).toEqual({ answer, success: zod.success });
      if (check.success && zod.success) expect(check.data).toEqual(zod.data);
    }
  });
});
