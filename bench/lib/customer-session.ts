// A logged-in demo customer with an active order, so that /tracking shows a live order.
const MARKET = 'fi';
/** The demo Gold member (README); the password of every demo account. */
const PHONE = '+358400000002';
const PASSWORD = 'Jono1234';

export interface CustomerSession {
  customerId: number;
  accessToken: string;
  refreshToken: string;
  /** Why no order could be placed, if none was. */
  orderNote?: string;
}

export async function demoCustomerWithOrder(baseUrl: string): Promise<CustomerSession> {
  const api = `${baseUrl}/api/${MARKET}`;
  const json = { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' };
  const login = await fetch(`${api}/login/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone: PHONE, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`demo login answered ${login.status}`);
  const s = (await login.json()) as {
    customer_id: number;
    access_token: string;
    refresh_token: string;
  };
  const session: CustomerSession = {
    customerId: s.customer_id,
    accessToken: s.access_token,
    refreshToken: s.refresh_token,
  };
  const auth = { ...json, authorization: `Bearer ${s.access_token}` };
  const shops = (await (await fetch(`${api}/pobs/`)).json()) as {
    id: number;
    queue_state: string;
    closing_soon: boolean;
  }[];
  for (const shop of shops.filter((p) => p.queue_state === 'open' && !p.closing_soon)) {
    const detail = (await (await fetch(`${api}/pobs/${shop.id}/`)).json()) as {
      services: CatalogueService[];
    };
    const service = detail.services[0];
    if (!service) continue;
    const res = await fetch(`${api}/customers/${s.customer_id}/orders/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(oneServiceOrder(shop.id, service)),
    });
    if (res.status === 201 || res.status === 409) return session;
    session.orderNote = `joining shop ${shop.id} answered ${res.status}`;
  }
  session.orderNote ??= 'no shop is taking orders now';
  return session;
}

export interface CatalogueService {
  id: number;
  duration: number;
  group_id: number;
  price: number;
  title: string;
}

/** The body of POST /customers/{id}/orders/ for one service of a shop, as the app sends it. */
export function oneServiceOrder(shopId: number, service: CatalogueService) {
  const { id, duration, group_id, price, title } = service;
  return {
    pob_id: shopId,
    items: [
      {
        amount: 1,
        service_id: id,
        service_info: { duration, group_id, id, price, title },
        extra_services: [],
      },
    ],
  };
}

/** localStorage entries the customer app reads at start (zustand's persist format). */
export function appStorage(session: CustomerSession | null): Record<string, string> {
  const entries: Record<string, string> = { 'jono.welcomeSeen': 'true' };
  if (session) {
    entries['jono.session'] = JSON.stringify({
      state: {
        session: {
          customerId: session.customerId,
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
        },
        rememberLogin: false,
      },
      version: 0,
    });
  }
  return entries;
}
