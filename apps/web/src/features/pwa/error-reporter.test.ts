import { describe, expect, it, vi } from 'vitest';
import { installErrorReporter } from './error-reporter';

describe('the error reporter', () => {
  it('installs nothing without a configured URL', () => {
    const add = vi.spyOn(window, 'addEventListener');
    installErrorReporter('')();
    expect(add).not.toHaveBeenCalled();
  });

  it('posts uncaught errors and unhandled rejections to the configured URL', async () => {
    const posted: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    });
    const stop = installErrorReporter('https://errors.example/report');
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'nope' });
    window.dispatchEvent(rejection);
    const remove = vi.spyOn(window, 'removeEventListener');
    stop();
    expect(remove.mock.calls.map((c) => c[0])).toEqual(['error', 'unhandledrejection']);
    expect(posted.map((p) => p.url)).toEqual([
      'https://errors.example/report',
      'https://errors.example/report',
    ]);
    expect(posted[0]?.body).toMatchObject({ kind: 'error', message: 'boom' });
    expect(posted[1]?.body).toMatchObject({ kind: 'unhandledrejection', message: 'nope' });
    vi.unstubAllGlobals();
  });
});
