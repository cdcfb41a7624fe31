import type { createApp } from './app';

/**
 * The API's routes as a type, for `hc<AppType>()` from `hono/client` in the front ends
 * (imported as `api/app-type`). Type only: no server code reaches a bundle.
 */
export type AppType = ReturnType<typeof createApp>;
