// `npm run seed`: empties every configured market and seeds the demo data again.
import webpush from 'web-push';
import { loadEnv } from '../config/env';
import { buildApp } from '../app';
import { resetMarket, seedMarket } from './seed';

const env = loadEnv(process.env, () => webpush.generateVAPIDKeys());
const app = await buildApp({ env, seed: false, logger: { level: 'warn' } });
for (const ctx of app.markets.values()) {
  await resetMarket(ctx);
  await seedMarket(ctx, Date.now(), { history: true, barbers: true });
  console.log(`seeded ${ctx.market}`);
}
await app.close();
