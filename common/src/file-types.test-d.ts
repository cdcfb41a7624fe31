import type { InferResponseType } from 'hono/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { api } from './api-client';
import type { DefaultFileType } from './file-types';

/** An extension GET /api/config may list, as the api's route types it. */
type ServerFileType = InferResponseType<typeof api.config.$get, 200>['data']['fileTypes'][number];

// Type tests: `pnpm test:unit` runs them through tsc (the vitest project "types").
describe('file types', () => {
  it('lists every extension the server reads in the default list', () => {
    // The prerendered landing page states the default list: it must never leave out a type
    // the server reads. (That it names none the server does not read: landing.spec.ts.)
    expectTypeOf<ServerFileType>().toExtend<DefaultFileType>();
  });
});
