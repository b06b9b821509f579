import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { languageStore } from './i18n';
import { sessionStore } from './session';

describe("the console's API client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    languageStore.set('en');
    sessionStore.set(null);
  });

  it("asks for the server's texts in the console's language, not the browser's", async () => {
    const languages: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        languages.push(new Headers(init?.headers).get('accept-language'));
        return new Response('[]', { headers: { 'content-type': 'application/json' } });
      }),
    );
    sessionStore.set({
      market: 'fi',
      token: 'test-token',
      expiresAt: Date.now() + 3_600_000,
      staff: { id: 7, name: 'Ville', username: 'barber1', role: 'barber', pob_id: 1 },
    });
    languageStore.set('fi');
    await apiRequest('/staff/queue/');
    languageStore.set('ee');
    await apiRequest('/staff/queue/');
    expect(languages).toEqual(['fi', 'et']);
  });
});
