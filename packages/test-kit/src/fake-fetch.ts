// A fetch replacement for API client and screen tests: answers from handlers tried in order,
// records every call, and answers 404 in the contract's error shape to anything unknown.
type Handler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function fakeFetch(...handlers: Handler[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    });
    for (const handler of handlers) {
      const answer = await handler(url, init);
      if (answer) return answer;
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  };
  return { fetchImpl, calls };
}
