import type { HttpBindings } from '@hono/node-server';

/**
 * What @hono/node-server gives a request as `c.env`: Node's request and response (absent when
 * a test calls `app.request`). The app's environment (app-env.ts) takes it as its Bindings.
 */
export type NodeBindings = Partial<HttpBindings>;
