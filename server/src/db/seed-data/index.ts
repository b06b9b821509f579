// Demo data, one kind per file: shops (one file per market), accounts, catalogue, messages and
// what differs between markets. seed.ts seeds it.
export type { DemoShop, GroupSeed, SeedLanguage, SeedText, ServiceSeed } from './types';
export { DEMO_SHOPS, HOURS } from './shops';
export { DEMO_PASSWORD, DEMO_PHONE_STEM } from './accounts';
export { PRICE_FACTOR, TIME_ZONES } from './markets';
export { CATALOGUE } from './catalogue';
export { DEMO_MESSAGES } from './messages';
export { demoBarbers, type DemoBarber } from './barbers';
