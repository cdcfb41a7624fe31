import type { hc, InferResponseType } from 'hono/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { createApp } from './app';
import type { AppType } from './app-type';

// Type tests: `pnpm test:unit` runs them through tsc (the vitest project "types").
type Client = ReturnType<typeof hc<AppType>>;
type Registered = InferResponseType<Client['api']['auth']['register']['$post'], 201>;
type Me = InferResponseType<Client['api']['auth']['me']['$get'], 200>;
type PortalConfig = InferResponseType<Client['api']['config']['$get'], 200>;

describe('AppType', () => {
  it('is the app createApp builds', () => {
    expectTypeOf<AppType>().toEqualTypeOf<ReturnType<typeof createApp>>();
  });

  it('gives hono/client typed routes', () => {
    expectTypeOf<Registered['user']['role']>().toEqualTypeOf<
      'user' | 'editor' | 'reviewer' | 'admin'
    >();
    expectTypeOf<Registered['token']>().toEqualTypeOf<string>();
    expectTypeOf<Me['data']['credits']>().toEqualTypeOf<number>();
    expectTypeOf<PortalConfig['data']['maxChars']>().toEqualTypeOf<number>();
  });
});
