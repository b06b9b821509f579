// The customer app's runtime settings: the map tiles come from MAP_TILE_URL, and the page's CSP
// lets exactly that tile host in.
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '@jono/contract';
import { buildTestApp } from './helpers';
import { tileOrigins } from '../src/plugins/security';
import type { App } from '../src/app';

const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('GET /config/', () => {
  it('answers the tile server of MAP_TILE_URL and lets it through the CSP', async () => {
    const app = await buildTestApp({
      envOverrides: {
        MAP_TILE_URL: 'https://tiles.example.org/osm/{z}/{x}/{y}.png',
        MAP_ATTRIBUTION: '© Example',
        SURVEY_URLS: 'fi=https://survey.example.org/jono-fi',
      },
    });
    apps.push(app);
    const res = await app.inject({ url: '/api/se/config/' });
    expect(res.statusCode).toBe(200);
    expect(appConfigSchema.parse(res.json())).toEqual({
      map_tile_url: 'https://tiles.example.org/osm/{z}/{x}/{y}.png',
      map_attribution: '© Example',
      survey_url: null,
    });
    const fi = appConfigSchema.parse((await app.inject({ url: '/api/fi/config/' })).json());
    expect(fi.survey_url).toBe('https://survey.example.org/jono-fi');
    // The tiles load on the app's pages, so the pages' policy lets them in (API answers carry
    // their own `default-src 'none'` policy).
    const page = await app.inject({ url: '/barbershop/1' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.org/);
    expect(csp).not.toMatch(/openstreetmap/);
  });

  it('refuses a tile URL that is not https with {z}, {x} and {y}', async () => {
    await expect(
      buildTestApp({ envOverrides: { MAP_TILE_URL: 'http://tiles.example.org/{z}/{x}/{y}.png' } }),
    ).rejects.toThrow(/MAP_TILE_URL/);
  });

  it('refuses a survey that is not a market=https URL pair', async () => {
    for (const SURVEY_URLS of ['fi=http://survey.example.org/', 'xx=https://survey.example.org/']) {
      await expect(buildTestApp({ envOverrides: { SURVEY_URLS } })).rejects.toThrow(/SURVEY_URLS/);
    }
  });

  it('allows every subdomain of a {s} tile host', () => {
    expect(tileOrigins('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.example.org',
    ]);
  });
});
