// Test data shaped like the API's answers, and a fake fetch, for every workspace's tests.
export { makeShop } from './shop';
export { makeOrder, makeProfile } from './customer';
export { fakeFetch, json } from './fake-fetch';
