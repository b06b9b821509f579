// @jono/contract: schemas and types of every API payload and answer, the validation rules and
// the business constants, shared by the server and both apps.
export * from './constants';
export * from './input';
export * from './markets';
export * from './rules';
export * from './errors';
export * from './shop';
export * from './order';
export * from './customer';
export * from './auth';
export * from './content';
export * from './staff';
export * from './live';
export * from './config';
export * from './presence';
export * from './tickets';
export * from './messages';
export * from './operator';
export * from './barbers';
export * from './staff-barbers';
