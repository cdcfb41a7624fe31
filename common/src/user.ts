import type { InferResponseType, hc } from 'hono/client';
import type { AppType } from 'api/app-type';
import { isRole } from 'common/roles';

type ApiClient = ReturnType<typeof hc<AppType>>;

/**
 * A signed-in person exactly as the API returns it (API.md "User", from the api's own types):
 * `{ id, _id, name, email, role, credits, createdAt }`, `_id` always equal to `id`.
 */
export type User = InferResponseType<ApiClient['api']['auth']['me']['$get'], 200>['data'];

/** True when `value` has the shape of a User (used to vet what comes out of local storage). */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.email === 'string' &&
    isRole(candidate.role) &&
    typeof candidate.credits === 'number' &&
    Number.isFinite(candidate.credits)
  );
}
