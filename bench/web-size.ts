// Web weight: the JavaScript, CSS, translation, font and image files that /home, /barbershop/{id}
// and /tracking load, measured
// in Chromium against the running server (each response gzipped here, since the server sends
// them uncompressed), and installability of the PWA as Chromium itself judges it.
import { gzipSync } from 'node:zlib';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, launchChromium } from './lib/browser';
import { appStorage, demoCustomerWithOrder, type CustomerSession } from './lib/customer-session';
import { startJono } from './lib/jono-server';
import { parseOptions } from './lib/options';
import { REPO_DIR, tempDir } from './lib/paths';
import { run, stopAll, stopAllOnExit } from './lib/processes';

export interface PageWeight {
  page: string;
  path: string;
  jsFiles: number;
  jsRawBytes: number;
  jsGzipBytes: number;
  cssFiles: number;
  cssRawBytes: number;
  cssGzipBytes: number;
  /** Translation files (JSON data fetched by i18next, not JavaScript), gzip bytes. */
  translationFiles: number;
  translationGzipBytes: number;
  /** Web fonts (woff2, already compressed): bytes as sent. */
  fontFiles: number;
  fontBytes: number;
  /** Images (shop pictures, icons): bytes as sent, and gzip bytes (SVG compresses). */
  imageFiles: number;
  imageRawBytes: number;
  imageGzipBytes: number;
  /** content-encoding the server used for scripts and styles ("none" when uncompressed). */
  encoding: string;
  /** The five heaviest scripts and styles, gzip bytes. */
  largest: { file: string; gzipBytes: number }[];
  note?: string;
}

export interface Installability {
  /** Chromium's own verdict (DevTools Protocol Page.getInstallabilityErrors). */
  installable: boolean | null;
  errors: string[];
  manifestUrl: string | null;
  manifest: {
    name: boolean;
    shortName: boolean;
    startUrl: boolean;
    display: string | null;
    icon192: boolean;
    icon512: boolean;
    maskable: boolean;
    themeColor: boolean;
  } | null;
  serviceWorker: boolean;
  note?: string;
}

export interface BuildInfo {
  status: 'built' | 'failed, measured the existing dist' | 'failed';
  seconds: number;
  note?: string;
}

export interface WebResult {
  build: BuildInfo;
  pages: PageWeight[];
  installability?: Installability;
  trackingNote?: string;
}

export async function buildWeb(): Promise<BuildInfo> {
  const t0 = Date.now();
  const result = await run('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: REPO_DIR,
    timeoutMs: 6 * 60_000,
  });
  const seconds = Math.round((Date.now() - t0) / 1000);
  if (result.code === 0) return { status: 'built', seconds };
  const index = join(REPO_DIR, 'apps/web/dist/index.html');
  const tail = result.output.trim().split('\n').slice(-5).join(' | ');
  if (existsSync(index)) {
    return {
      status: 'failed, measured the existing dist',
      seconds,
      note: `build failed (${tail}); dist from ${statSync(index).mtime.toISOString()}`,
    };
  }
  return { status: 'failed', seconds, note: tail };
}

async function weigh(
  browser: Browser,
  baseUrl: string,
  page: string,
  path: string,
  /** localStorage before the load: a customer's (appStorage) or none (a first visit). */
  storage: Record<string, string>,
): Promise<PageWeight> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
  }, storage);
  const tab = await context.newPage();
  const bodies: Promise<{
    file: string;
    type: string;
    raw: number;
    gzip: number;
    encoding: string;
  } | null>[] = [];
  tab.on('response', (res) => {
    const resourceType = res.request().resourceType();
    const translation = new URL(res.url()).pathname.includes('/locales-');
    const type = translation ? 'translation' : resourceType;
    if (!['script', 'stylesheet', 'translation', 'font', 'image'].includes(type)) return;
    bodies.push(
      res
        .body()
        .then((body) => ({
          file: new URL(res.url()).pathname,
          type,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: res.headers()['content-encoding'] ?? 'none',
        }))
        // A redirect or an aborted request has no body to weigh.
        .catch(() => null),
    );
  });
  await tab.goto(baseUrl + path, { waitUntil: 'networkidle' });
  const finalPath = new URL(tab.url()).pathname;
  const files = (await Promise.all(bodies)).filter((f) => f !== null);
  await context.close();
  const sum = (type: string, key: 'raw' | 'gzip') =>
    files.filter((f) => f.type === type).reduce((a, f) => a + f[key], 0);
  return {
    page,
    path,
    jsFiles: files.filter((f) => f.type === 'script').length,
    jsRawBytes: sum('script', 'raw'),
    jsGzipBytes: sum('script', 'gzip'),
    cssFiles: files.filter((f) => f.type === 'stylesheet').length,
    cssRawBytes: sum('stylesheet', 'raw'),
    cssGzipBytes: sum('stylesheet', 'gzip'),
    translationFiles: files.filter((f) => f.type === 'translation').length,
    translationGzipBytes: sum('translation', 'gzip'),
    fontFiles: files.filter((f) => f.type === 'font').length,
    fontBytes: sum('font', 'raw'),
    imageFiles: files.filter((f) => f.type === 'image').length,
    imageRawBytes: sum('image', 'raw'),
    imageGzipBytes: sum('image', 'gzip'),
    // Of what a server compresses: fonts and images are compressed formats already.
    encoding:
      [
        ...new Set(
          files.filter((f) => f.type !== 'font' && f.type !== 'image').map((f) => f.encoding),
        ),
      ].join(', ') || 'none',
    largest: files
      .filter((f) => f.type === 'script' || f.type === 'stylesheet')
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((f) => ({ file: f.file, gzipBytes: f.gzip })),
    note: finalPath !== path ? `the app went on to ${finalPath}` : undefined,
  };
}

/** In a persistent profile: Chromium never offers to install from an incognito context. */
async function installability(baseUrl: string): Promise<Installability> {
  const profile = tempDir('chromium');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
  }, appStorage(null));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle' });
  // Give a service worker registered on load a moment to install.
  const serviceWorker = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return false;
    const ready = navigator.serviceWorker.ready.then(() => true);
    const timeout = new Promise<boolean>((r) => setTimeout(() => r(false), 5000));
    return Promise.race([ready, timeout]);
  });
  const cdp = await context.newCDPSession(page);
  const result: Installability = {
    installable: null,
    errors: [],
    manifestUrl: null,
    manifest: null,
    serviceWorker,
  };
  try {
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    result.errors = installabilityErrors.map((e) => e.errorId);
    result.installable = result.errors.length === 0;
  } catch (err) {
    result.note = `Page.getInstallabilityErrors: ${String(err)}`;
  }
  const manifestUrl = await page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
  );
  result.manifestUrl = manifestUrl;
  if (manifestUrl) {
    const res = await fetch(manifestUrl);
    if (res.ok) {
      const m = (await res.json()) as {
        name?: string;
        short_name?: string;
        start_url?: string;
        display?: string;
        theme_color?: string;
        icons?: { sizes?: string; purpose?: string }[];
      };
      const icons = m.icons ?? [];
      const hasSize = (size: string) =>
        icons.some((i) => (i.sizes ?? '').split(' ').includes(size));
      result.manifest = {
        name: Boolean(m.name),
        shortName: Boolean(m.short_name),
        startUrl: Boolean(m.start_url),
        display: m.display ?? null,
        icon192: hasSize('192x192'),
        icon512: hasSize('512x512'),
        maskable: icons.some((i) => (i.purpose ?? '').includes('maskable')),
        themeColor: Boolean(m.theme_color),
      };
    }
  }
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  return result;
}

/** Weighs the pages on a running server (after the app was built). */
export async function measureWeb(baseUrl: string, build: BuildInfo): Promise<WebResult> {
  let session: CustomerSession | null = null;
  let trackingNote: string | undefined;
  try {
    session = await demoCustomerWithOrder(baseUrl);
    trackingNote = session.orderNote;
  } catch (err) {
    trackingNote = `no logged-in customer: ${String(err)}`;
  }
  const browser = await launchChromium();
  try {
    const pages: PageWeight[] = [];
    pages.push(await weigh(browser, baseUrl, 'shop list', '/home', appStorage(null)));
    pages.push(await weigh(browser, baseUrl, 'shop page', '/barbershop/1', appStorage(null)));
    pages.push(await weigh(browser, baseUrl, 'tracking', '/tracking', appStorage(session)));
    // A first visit (nothing stored): / sends it on to the welcome slides (issue 29).
    pages.push(await weigh(browser, baseUrl, 'root, first visit', '/', {}));
    pages.push(await weigh(browser, baseUrl, 'welcome, first visit', '/welcome', {}));
    pages.push(await weigh(browser, baseUrl, 'tracking, first visit', '/tracking', {}));
    return { build, pages, installability: await installability(baseUrl), trackingNote };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  stopAllOnExit();
  const opts = parseOptions(process.argv.slice(2));
  const build = opts.quick
    ? { status: 'built' as const, seconds: 0, note: 'not rebuilt (--quick)' }
    : await buildWeb();
  const jono = await startJono({ name: 'web' });
  try {
    console.log(JSON.stringify(await measureWeb(jono.url, build), null, 2));
  } finally {
    await jono.stop();
    await stopAll();
  }
}
