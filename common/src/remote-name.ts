import type { InferResponseType, hc } from 'hono/client';
import type { AppType } from 'api/app-type';

type ApiClient = ReturnType<typeof hc<AppType>>;

/**
 * The remotes the shell composes: the keys of GET /api/config's `remotes`, from the api's own
 * types. Here, apart from portal-config.ts (which calls the API), so that roles.ts can name the
 * staff areas without importing the API client (no import circle through a type).
 */
export type RemoteName = keyof InferResponseType<
  ApiClient['api']['config']['$get'],
  200
>['data']['remotes'];
