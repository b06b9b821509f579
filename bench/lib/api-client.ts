// What the benchmarks do through Jono's API before measuring: register and log in customers,
// log in staff, build order bodies, join. Every request claims its own client address in
// X-Forwarded-For (Jono runs with TRUST_PROXY=true), so per-address limits measure nothing here.
import { oneServiceOrder, type CatalogueService } from './customer-session';
import { nextCode } from './sms-sink';

export const MARKET = 'fi';
const PASSWORD = 'Bench1234';

let ipCounter = 1;
/** A distinct client address per call. */
export const nextIp = () => {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export interface Answer {
  status: number;
  json: unknown;
}

export async function send(
  url: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<Answer> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'x-forwarded-for': nextIp(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

export interface Customer {
  id: number;
  token: string;
  phone: string;
}

/** Registers (or finds) and logs in customer n. */
export async function customer(base: string, n: number): Promise<Customer> {
  const api = `${base}/api/${MARKET}`;
  const phone = `+3584570${String(n).padStart(5, '0')}`;
  // The code texted to the phone (the bench's SMS sink); an already registered number gets 409.
  const texted = nextCode(phone);
  const asked = await send(`${api}/auth/register-code/`, { body: { phone } });
  const code = asked.status === 200 ? await texted.catch(() => '000000') : '000000';
  const reg = await send(`${api}/register/`, {
    body: {
      code,
      phone,
      firstname: 'Bench',
      lastname: `Customer${n}`,
      email: `bench${n}@example.com`,
      password: PASSWORD,
      terms_accepted: true,
    },
  });
  if (reg.status !== 201 && reg.status !== 409) {
    throw new Error(`register ${phone}: ${reg.status} ${JSON.stringify(reg.json)}`);
  }
  const login = await send(`${api}/login/`, { body: { phone, password: PASSWORD } });
  const a = login.json as { customer_id?: number; access_token?: string };
  if (login.status !== 200 || !a.customer_id || !a.access_token) {
    throw new Error(`login ${phone}: ${login.status} ${JSON.stringify(login.json)}`);
  }
  return { id: a.customer_id, token: a.access_token, phone };
}

/** Customers from..from+n-1, eight at a time (each hashes a password). */
export async function customers(base: string, n: number, from = 0): Promise<Customer[]> {
  const out: Customer[] = [];
  for (let i = 0; i < n; i += 8) {
    const batch = Array.from({ length: Math.min(8, n - i) }, (_, k) =>
      customer(base, from + i + k),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

export async function staffToken(base: string, shopId: number): Promise<string> {
  const res = await send(`${base}/api/${MARKET}/staff/login/`, {
    body: { username: `manager${shopId}`, password: 'Jono1234' },
  });
  const token = (res.json as { access_token?: string }).access_token;
  if (res.status !== 200 || !token) throw new Error(`staff login answered ${res.status}`);
  return token;
}

interface ShopSummary {
  id: number;
  queue_state: string;
  closing_soon: boolean;
  services: CatalogueService[];
}

/** The order body of one service for every shop taking orders now. */
export async function orderBodies(base: string): Promise<Map<number, string>> {
  const api = `${base}/api/${MARKET}`;
  const list = (await send(`${api}/pobs/`)).json as ShopSummary[];
  const bodies = new Map<number, string>();
  for (const shop of list.filter((s) => s.queue_state === 'open' && !s.closing_soon)) {
    const detail = (await send(`${api}/pobs/${shop.id}/`)).json as ShopSummary;
    const service = detail.services[0];
    if (service) bodies.set(shop.id, JSON.stringify(oneServiceOrder(shop.id, service)));
  }
  return bodies;
}

/** Joins a shop; answers the order id. */
export async function join(base: string, c: Customer, body: string): Promise<number> {
  const res = await send(`${base}/api/${MARKET}/customers/${c.id}/orders/`, {
    body: JSON.parse(body) as unknown,
    token: c.token,
  });
  const id = (res.json as { id?: number }).id;
  if (res.status !== 201 || !id)
    throw new Error(`join answered ${res.status} ${JSON.stringify(res.json)}`);
  return id;
}

export async function setChairs(base: string, token: string, chairs: number): Promise<void> {
  const res = await send(`${base}/api/${MARKET}/staff/shop/`, {
    method: 'PATCH',
    body: { chairs },
    token,
  });
  if (res.status !== 200) throw new Error(`PATCH /staff/shop/ answered ${res.status}`);
}
