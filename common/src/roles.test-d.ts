import { describe, expectTypeOf, it } from 'vitest';
import type { Role } from './roles';
import type { User } from './user';

// Type tests: `pnpm test:unit` runs them through tsc (the vitest project "types").
describe('Role', () => {
  it("is the API's own role type", () => {
    expectTypeOf<User['role']>().toEqualTypeOf<Role>();
  });
});
