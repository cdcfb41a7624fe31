import { formatWhen } from './date-format';

/**
 * Counts characters the way the API does (API.md "Limits"): Unicode code points of the text
 * after trimming, so an emoji counts once and the counter agrees with the server's verdict.
 */
export function countCharacters(text: string): number {
  let count = 0;
  // Iterating a string walks code points, not UTF-16 units.
  for (const _codePoint of text.trim()) count += 1;
  return count;
}

/** Words separated by any whitespace; 0 for blank text. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

// Dates are written by common/date-format, the one formatter (docs/glossary.md "Dates"); these
// names stay for code written before it and give its output.
export {
  MONTH_NAMES,
  formatAbsoluteDate as formatShortDate,
  formatWhen as formatRelativeDate,
} from './date-format';

/** @deprecated A date on a screen: use `formatWhen` or `<When>` (common/date-format). */
export function formatDateTime(value: string | Date): string {
  return formatWhen(value);
}

/**
 * A whole number with en-US digit grouping, `12345` → `12,345` (rounded, like
 * `Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })`), without loading ICU.
 */
export function formatInteger(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const rounded = Math.round(Math.abs(value));
  const digits = String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && rounded !== 0 ? `-${digits}` : digits;
}

/** Markers that open a Markdown line: headings, quotes, bullets and numbers (repeated: `> - `). */
const MARKDOWN_LINE_MARKERS = /^[ \t]*(?:(?:#{1,6}|>|[-*+•]|\d{1,3}[.)])(?:[ \t]+|$))+/gmu;
/** A line that is only a rule (`---`, `***`) or a code fence. */
const MARKDOWN_RULE_OR_FENCE = /^[ \t]*(?:(?:[-*_][ \t]*){3,}|```[^\n]*|~~~[^\n]*)$/gmu;

/**
 * A summary's Markdown as plain text, for the places that show text and not layout (previews,
 * titles, the credit history, the versions diff): line markers (`# `, `> `, `- `, `* `, `1. `),
 * rules, fences, `**bold**`, `__bold__`, `*em*`, `` `code` ``, `~~struck~~` and links
 * (`[text](url)` → text) lose their markers; the words and line breaks stay.
 */
export function plainTextOfMarkdown(text: string | null | undefined): string {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(MARKDOWN_RULE_OR_FENCE, '')
    .replace(MARKDOWN_LINE_MARKERS, '')
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/gu, '$1')
    .replace(/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/gu, '$2')
    .replace(/(^|[^\w*])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?![\w*])/gu, '$1$2')
    .replace(/(^|[^\w])_(?=[^\s_])([^_\n]*?[^\s_])_(?!\w)/gu, '$1$2')
    .replace(/`([^`\n]+)`/gu, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The first `count` words of a text as plain text, with an ellipsis when there are more. */
export function firstWordsOf(text: string | null | undefined, count: number): string {
  // Only the text's start is read: an original can be half a million characters, and a card
  // title needs a handful of words (a word is rarely longer than 50 characters).
  const start = (text ?? '').slice(0, Math.max(200, count * 50));
  const words = plainTextOfMarkdown(start).split(/\s+/u).filter(Boolean);
  const cut = start.length < (text ?? '').length;
  if (words.length <= count && !cut) return words.join(' ');
  if (words.length <= count) return `${words.join(' ')}…`;
  return `${words.slice(0, count).join(' ')}…`;
}

export const PREVIEW_LENGTH = 150;
export const NO_PREVIEW = 'No preview available';

/**
 * The first `length` characters of a text (whole code points) as plain text (no Markdown
 * markers; plainTextOfMarkdown), with an ellipsis when cut.
 */
export function preview(text: string | null | undefined, length: number = PREVIEW_LENGTH): string {
  const trimmed = plainTextOfMarkdown(text);
  if (trimmed === '') return NO_PREVIEW;
  const codePoints = Array.from(trimmed);
  if (codePoints.length <= length) return trimmed;
  return `${codePoints.slice(0, length).join('').trimEnd()}...`;
}

/** A file size in KB with 2 decimals (SPEC.md /summarize): 12636 → `12.34 KB`. */
export function formatFileSize(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/** text@text.text (SPEC.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MIN_NAME_LENGTH = 2;
export const MIN_PASSWORD_LENGTH = 6;

/** The exact validation texts of SPEC.md §5. */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Field name → message; a field without an entry is valid. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

function validateEmail(email: string): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return VALIDATION_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(trimmed)) return VALIDATION_MESSAGES.emailInvalid;
  return undefined;
}

function withoutEmpty<Field extends string>(
  errors: Record<Field, string | undefined>,
): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const field of Object.keys(errors) as Field[]) {
    const message = errors[field];
    if (message !== undefined) result[field] = message;
  }
  return result;
}

/** The login form's rules (SPEC.md §5). */
export function validateLogin(input: LoginInput): FieldErrors<keyof LoginInput> {
  return withoutEmpty({
    email: validateEmail(input.email),
    password: input.password === '' ? VALIDATION_MESSAGES.passwordRequired : undefined,
  });
}

/** The registration form's rules (SPEC.md §5); the name is judged after trimming. */
export function validateRegister(input: RegisterInput): FieldErrors<keyof RegisterInput> {
  const name = input.name.trim();
  let nameError: string | undefined;
  if (name === '') nameError = VALIDATION_MESSAGES.nameRequired;
  else if (Array.from(name).length < MIN_NAME_LENGTH) nameError = VALIDATION_MESSAGES.nameTooShort;

  let passwordError: string | undefined;
  if (input.password === '') passwordError = VALIDATION_MESSAGES.passwordRequired;
  else if (input.password.length < MIN_PASSWORD_LENGTH) {
    passwordError = VALIDATION_MESSAGES.passwordTooShort;
  }

  let confirmError: string | undefined;
  if (input.confirmPassword === '') confirmError = VALIDATION_MESSAGES.confirmPasswordRequired;
  else if (input.confirmPassword !== input.password) {
    confirmError = VALIDATION_MESSAGES.passwordsDoNotMatch;
  }

  return withoutEmpty({
    name: nameError,
    email: validateEmail(input.email),
    password: passwordError,
    confirmPassword: confirmError,
  });
}
