// The installable app: manifest, icons and a service worker that precaches the app shell and
// static assets. API calls (/api/) always go to the network, so queue data is never stale.
import { VitePWA } from 'vite-plugin-pwa';

export const pwaPlugin = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'push-sw.js'],
    manifest: {
      id: '/',
      name: 'Jono – parturin jonotus',
      short_name: 'Jono',
      description: 'Walk-in barbershop queues: see the wait and join the queue before you arrive.',
      lang: 'fi',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#f6f4f0',
      theme_color: '#1f4e9c',
      categories: ['lifestyle', 'utilities'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // json: the translation files, so the offline screen and every cached screen have their texts.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,json}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/staff\//, /^\/media\//, /^\/healthz/],
      importScripts: ['/push-sw.js'],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        { urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' },
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/media/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'jono-media',
            expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 },
          },
        },
      ],
    },
    devOptions: { enabled: false },
  });
