import type { Role } from '../db/schema';
import type { UserRecord } from '../db/user-record';

/** The User of API.md: never the password hash; `_id` equals `id` for the seed front end. */
export interface UserResponse {
  id: string;
  _id: string;
  name: string;
  email: string;
  role: Role;
  credits: number;
  createdAt: string;
}

export function toUserResponse(user: UserRecord): UserResponse {
  return {
    id: user.id,
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    credits: user.credits,
    createdAt: user.created_at.toISOString(),
  };
}
