import { jsonObjectBody } from '../../lib/validation';
import { z } from 'zod';
import { normalizeEmail } from '../../lib/email';
import { hasInvalidCharacters } from '../../lib/summary-text';

/*
 * The rules of SPEC.md §5 and API.md "Limits", with SPEC.md's exact messages.
 * Each field reports one message: the first rule it breaks.
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONTROL_CHARACTER = /\p{Cc}/u;
const INVALID_EMAIL = 'Please enter a valid email address';
const MAX_EMAIL_LENGTH = 254;

function requiredString(requiredMessage: string) {
  return z.string({
    error: (issue) =>
      issue.input == null ? requiredMessage : `${requiredMessage.split(' ')[0]} must be text`,
  });
}

/** Text Postgres can store and a screen can show: no NUL, no lone surrogate (as summary text). */
const storable = (value: string) => !hasInvalidCharacters(value);

const name = requiredString('Name is required')
  .trim()
  .min(1, { error: 'Name is required', abort: true })
  .refine(storable, { error: 'Name contains invalid characters', abort: true })
  .min(2, { error: 'Name must be at least 2 characters', abort: true })
  .max(100, 'Name must be at most 100 characters');

/** Checked, then stored and looked up in its one canonical spelling (see lib/email.ts). */
const email = requiredString('Email is required')
  .overwrite(normalizeEmail)
  .min(1, { error: 'Email is required', abort: true })
  .refine((value) => storable(value) && !CONTROL_CHARACTER.test(value), {
    error: INVALID_EMAIL,
    abort: true,
  })
  .max(MAX_EMAIL_LENGTH, { error: INVALID_EMAIL, abort: true })
  .regex(EMAIL_PATTERN, INVALID_EMAIL);

const newPassword = requiredString('Password is required')
  .min(1, { error: 'Password is required', abort: true })
  .refine(storable, { error: 'Password contains invalid characters', abort: true })
  .min(6, { error: 'Password must be at least 6 characters', abort: true })
  .max(128, 'Password must be at most 128 characters');

const password = requiredString('Password is required')
  .min(1, { error: 'Password is required', abort: true })
  .refine(storable, { error: 'Password contains invalid characters', abort: true })
  .max(128, 'Password must be at most 128 characters');

export const registerSchema = z.object({ name, email, password: newPassword }, jsonObjectBody);
export const loginSchema = z.object({ email, password }, jsonObjectBody);

export type RegisterInput = z.infer<typeof registerSchema>;
export type LoginInput = z.infer<typeof loginSchema>;

/** A password field named in its messages (`Current password is required`). */
function namedPassword(label: string, min: number) {
  const required = `${label} is required`;
  return z
    .string({ error: (issue) => (issue.input == null ? required : `${label} must be text`) })
    .min(1, { error: required, abort: true })
    .refine(storable, { error: `${label} contains invalid characters`, abort: true })
    .min(min, { error: `${label} must be at least ${min} characters`, abort: true })
    .max(128, `${label} must be at most 128 characters`);
}

/** PUT /api/auth/password (API.md "Additions, round 3"). */
export const changePasswordSchema = z.object(
  {
    currentPassword: namedPassword('Current password', 1),
    newPassword: namedPassword('New password', 6),
  },
  jsonObjectBody,
);

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
