// Operator content in the customer's language: the app sends its language (Accept-Language); the
// catalogue, notices and messages come in it where the operator gave it, else in the market's
// own language (else English), each language with its own cached bytes and ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageListSchema, pobListSchema, pobSchema } from '@jono/contract';
import { eq } from 'drizzle-orm';
import { buildTestApp, DEMO, login } from './helpers';
import type { App } from '../src/app';
import { customers } from '../src/db/schema';

let app: App;
let manager: Record<string, string>;

beforeAll(async () => {
  app = await buildTestApp({ markets: ['fi', 'se'], now: () => Date.UTC(2026, 10, 18, 10, 0) });
  const res = await app.inject({
    method: 'POST',
    url: '/api/fi/staff/login/',
    payload: { username: 'manager1', password: DEMO.password },
  });
  manager = { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
});
afterAll(() => app.close());

const shop = async (market: string, language?: string) => {
  const res = await app.inject({
    url: `/api/${market}/pobs/1/`,
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.statusCode).toBe(200);
  return { res, shop: pobSchema.parse(res.json()) };
};
const titles = (s: { services: { title: string }[] }) => s.services.map((x) => x.title);

describe('the catalogue in the language asked for', () => {
  it("gives each market's demo catalogue in its own language and in English", async () => {
    expect(titles((await shop('se')).shop)).toContain('Klippning');
    expect(titles((await shop('se', 'sv-SE,sv;q=0.9')).shop)).toContain('Klippning');
    const english = (await shop('se', 'en-GB,en;q=0.8')).shop;
    expect(titles(english)).toContain('Haircut');
    expect(english.service_groups.map((g) => g.title)).toContain('Haircuts');
    const haircut = english.services.find((x) => x.title === 'Haircut');
    expect(haircut?.long_description).toMatch(/^Your barber cuts your hair/);
    const extras = english.extra_services.find((e) => e.service_id === haircut?.id);
    expect(extras?.services.map((x) => x.title)).toContain('Hair wash');
    expect(titles((await shop('fi', 'en')).shop)).toContain('Haircut');
  });

  it("falls back to the market's language for a language the operator gave nothing in", async () => {
    // German: Jono speaks it, the demo operator wrote nothing in it.
    expect(titles((await shop('fi', 'de-DE,de')).shop)).toContain('Hiustenleikkaus');
    // Japanese: not a language of Jono at all.
    expect(titles((await shop('se', 'ja')).shop)).toContain('Klippning');
  });

  it('keeps ready bytes per language: its own ETag, and Vary names Accept-Language', async () => {
    const fi = (await shop('fi', 'fi')).res;
    const plain = (await shop('fi')).res;
    const en = (await shop('fi', 'en')).res;
    expect(en.headers.vary).toBe('accept-encoding, accept-language');
    expect(en.headers.etag).not.toBe(fi.headers.etag);
    // The market's own language and no language are the same answer.
    expect(plain.headers.etag).toBe(fi.headers.etag);
    // A client holding the Finnish copy that now asks in English gets the English one.
    const switched = await app.inject({
      url: '/api/fi/pobs/1/',
      headers: { 'accept-language': 'en', 'if-none-match': String(fi.headers.etag) },
    });
    expect(switched.statusCode).toBe(200);
    expect(titles(pobSchema.parse(switched.json()))).toContain('Haircut');
    const same = await app.inject({
      url: '/api/fi/pobs/1/',
      headers: { 'accept-language': 'en-US', 'if-none-match': String(en.headers.etag) },
    });
    expect(same.statusCode).toBe(304);
  });
});

describe('notices in the language asked for', () => {
  const notice = async (language: string) => {
    const res = await app.inject({
      url: '/api/fi/pobs/',
      headers: { 'accept-language': language },
    });
    expect(res.headers.vary).toBe('accept-encoding, accept-language');
    return pobListSchema.parse(res.json()).find((s) => s.id === 1)?.notice;
  };

  it('shows the demo notice in Finnish and English', async () => {
    expect(await notice('fi')).toMatch(/^Kampin liike/);
    expect(await notice('en')).toMatch(/^The Kamppi shop/);
    expect(await notice('sv')).toMatch(/^Kampin liike/);
  });

  it('a changed notice keeps its other languages; only clearing it clears them all', async () => {
    const patch = (payload: object) =>
      app.inject({ method: 'PATCH', url: '/api/fi/staff/shop/', headers: manager, payload });
    expect(
      (
        await patch({
          notice: 'Suljemme klo 18 tänään.',
          notice_translations: { en: { notice: 'We close at 18 today.' } },
        })
      ).statusCode,
    ).toBe(200);
    expect(await notice('en')).toBe('We close at 18 today.');
    // An edit of the Finnish notice alone leaves the English one as it is.
    expect((await patch({ notice: 'Suljemme klo 17 tänään.' })).statusCode).toBe(200);
    expect(await notice('fi')).toBe('Suljemme klo 17 tänään.');
    expect(await notice('en')).toBe('We close at 18 today.');
    // Translations sent replace the stored ones: the console sends every language.
    expect(
      (await patch({ notice_translations: { sv: { notice: 'Vi stänger kl. 17.' } } })).statusCode,
    ).toBe(200);
    expect(await notice('sv')).toBe('Vi stänger kl. 17.');
    expect(await notice('en')).toBe('Suljemme klo 17 tänään.');
    // A cleared notice is gone in every language.
    expect((await patch({ notice: null })).statusCode).toBe(200);
    expect(await notice('sv')).toBeNull();
    expect((await patch({ notice: 'Tervetuloa!' })).statusCode).toBe(200);
    expect(await notice('sv')).toBe('Tervetuloa!');
  });
});

describe('the catalogue as the operator writes it', () => {
  it('takes titles and texts in other languages; an edit in one language never touches another', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/services/',
      headers: manager,
      payload: {
        group_id: 1,
        title: 'Hiusten värjäys',
        details: 'Yksi sävy',
        price: 5000,
        duration: 40,
        translations: { en: { title: 'Hair colouring', details: 'One shade' } },
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const card = (language: string) =>
      shop('fi', language).then(({ shop: s }) => s.services.find((x) => x.id === id));
    expect(await card('en')).toMatchObject({ title: 'Hair colouring', details: 'One shade' });

    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/api/fi/staff/services/${id}/`,
        headers: manager,
        payload,
      });
    // A new Finnish title and description leave the English ones as they are.
    const renamed = await patch({ title: 'Hiusten sävytys', details: 'Kaksi sävyä', price: 5500 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      translations: { en: { title: 'Hair colouring', details: 'One shade' } },
    });
    expect(await card('en')).toMatchObject({ title: 'Hair colouring', details: 'One shade' });
    expect(await card('fi')).toMatchObject({ title: 'Hiusten sävytys', details: 'Kaksi sävyä' });
    // Translations sent replace the stored ones, language by language as the console sends them.
    expect(
      (
        await patch({
          translations: {
            en: { title: 'Hair toning', details: 'Two shades' },
            sv: { title: 'Hårtoning', details: 'Två nyanser' },
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(await card('sv')).toMatchObject({ title: 'Hårtoning', details: 'Två nyanser' });
    expect(await card('fi')).toMatchObject({ title: 'Hiusten sävytys', details: 'Kaksi sävyä' });

    const bad = await patch({ translations: { xx: { title: 'Nope' } } });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a card wholly in one language: a half-translated one falls back to the market language', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/services/',
      headers: manager,
      payload: {
        group_id: 1,
        title: 'Parran muotoilu',
        details: 'Koneella ja veitsellä',
        long_description: 'Pitkä kuvaus',
        price: 3000,
        duration: 20,
        // English title only: no English description yet.
        translations: { en: { title: 'Beard shaping' } },
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const inEnglish = await shop('fi', 'en');
    expect(inEnglish.shop.services.find((x) => x.id === id)).toMatchObject({
      title: 'Parran muotoilu',
      details: 'Koneella ja veitsellä',
      long_description: 'Pitkä kuvaus',
    });
  });

  it('takes a group title in other languages, and keeps them when the Finnish one changes', async () => {
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: '/api/se/staff/service-groups/1/',
        headers: manager,
        payload,
      });
    // A manager of another market's shop is not this shop's manager.
    expect((await patch({ title: 'X' })).statusCode).toBeGreaterThanOrEqual(400);
    const fiPatch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: '/api/fi/staff/service-groups/1/',
        headers: manager,
        payload,
      });
    const sent = await fiPatch({
      translations: {
        en: { title: 'Cuts', details: 'Cuts of every kind' },
        sv: { title: 'Klippningar', details: 'Alla sorters klippningar' },
      },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ id: 1, translations: { sv: { title: 'Klippningar' } } });
    const groupTitles = async (language: string) =>
      (await shop('fi', language)).shop.service_groups.map((g) => g.title);
    expect(await groupTitles('sv')).toContain('Klippningar');
    const renamed = await fiPatch({ title: 'Hiukset' });
    expect(renamed.statusCode).toBe(200);
    expect(await groupTitles('fi')).toContain('Hiukset');
    expect(await groupTitles('en')).toContain('Cuts');
    const list = await app.inject({ url: '/api/fi/staff/services/', headers: manager });
    expect(list.json<{ groups: { id: number; translations: object }[] }>().groups[0]).toMatchObject(
      {
        id: 1,
        translations: { en: { title: 'Cuts' } },
      },
    );
    expect((await fiPatch({ title: '' })).statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/fi/staff/service-groups/99999/',
          headers: manager,
          payload: { title: 'Ei' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('messages and SMS in the language asked for', () => {
  it('gives the demo messages in the English the operator wrote beside the Finnish', async () => {
    const { customer_id, auth } = await login(app, DEMO.gold);
    const read = async (language: string) => {
      const res = await app.inject({
        url: `/api/fi/customers/${customer_id}/messages/`,
        headers: { ...auth, 'accept-language': language },
      });
      return messageListSchema.parse(res.json()).items.map((m) => m.title);
    };
    expect(await read('fi')).toContain('Tervetuloa Jonoon');
    expect(await read('en')).toContain('Welcome to Jono');
    expect(await read('en')).toContain('Thank you for being a member');
  });

  it('takes a message in other languages from a manager', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/fi/staff/messages/',
      headers: manager,
      payload: {
        title: 'Uusi liike',
        content: '<p>Avasimme Kalliossa.</p>',
        translations: { en: { title: 'A new shop', content: '<p>We opened in Kallio.</p>' } },
        // A customer of this shop: a manager writes only to customers served there (issue 27),
        // and the Gold member's demo visits were at shop 1.
        to: { phone: DEMO.gold },
      },
    });
    expect(sent.statusCode).toBe(201);
    const { customer_id, auth } = await login(app, DEMO.gold);
    const res = await app.inject({
      url: `/api/fi/customers/${customer_id}/messages/`,
      headers: { ...auth, 'accept-language': 'en-US,en' },
    });
    const item = messageListSchema.parse(res.json()).items.find((m) => m.title === 'A new shop');
    expect(item?.content).toBe('<p>We opened in Kallio.</p>');
  });

  it('sends the recovery SMS in the language it was asked in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/auth/reset-token/',
      headers: { 'accept-language': 'en' },
      payload: { phone: DEMO.oneTime },
    });
    expect(res.statusCode).toBe(200);
    const outbox = app.markets.get('fi')?.devOutbox?.outbox ?? [];
    const text = [...outbox].reverse().find((m) => m.to === DEMO.oneTime)?.text ?? '';
    expect(text).toMatch(/^Jono: your password recovery code is \d{8}/);
  });

  it('makes the language of the app the customer logs in with theirs, for the SMS sent later', async () => {
    const appLanguage = async () => {
      const ctx = app.markets.get('fi');
      if (!ctx) throw new Error('fi');
      const [row] = await ctx.db
        .select({ appLanguage: customers.appLanguage })
        .from(customers)
        .where(eq(customers.phone, DEMO.oneTime));
      return row?.appLanguage;
    };
    expect(await appLanguage()).toBe('fi_FI');
    const res = await app.inject({
      method: 'POST',
      url: '/api/fi/login/',
      headers: { 'accept-language': 'sv-FI,sv' },
      payload: { phone: DEMO.oneTime, password: DEMO.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await appLanguage()).toBe('sv_SE');
  });
});
