// One API client for both apps (see api-client.ts), its error type and the market URL rule.
export {
  createApiClient,
  type AnswerSchema,
  type ApiClient,
  type ApiClientConfig,
  type Method,
  type RequestOptions,
} from './api-client';
export { ApiError, isApiError, readErrorAnswer, type ErrorAnswer } from './api-error';
export { marketUrl } from './api-url';
export { createQueryClient, QueryProvider, type QueryProviderProps } from './query-provider';
