// Every link of the console, relative to the router's basename (/staff).
export const paths = {
  login: '/login',
  board: '/',
  summary: '/summary',
  manage: '/manage',
  hours: '/manage/hours',
  services: '/manage/services',
  details: '/manage/details',
  accounts: '/manage/accounts',
  messages: '/manage/messages',
  devices: '/manage/devices',
  operator: '/operator',
  operatorAccuracy: '/operator/accuracy',
  operatorForecast: '/operator/forecast',
  operatorCharts: '/operator/charts',
  operatorAccounts: '/operator/accounts',
} as const;
