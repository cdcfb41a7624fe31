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

const DAY_MS = 24 * 60 * 60 * 1000;

/** How formatDateTime writes a moment: `Nov 3, 2026, 4:05 PM` (short, medium) or `November 3, 2026 at 4:05 PM` (long). */
export type DateTimeStyle = 'short' | 'medium' | 'long';

const DATE_TIME_OPTIONS: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  short: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  medium: { dateStyle: 'medium', timeStyle: 'short' },
  long: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/** Made on first use: the first Intl formatter of a page loads ICU, a long task. */
const dateTimeFormats: Partial<Record<DateTimeStyle, Intl.DateTimeFormat>> = {};

/** A date and time in en-US, as `style` says; '' for a date that is not one. */
export function formatDateTime(value: string | Date, style: DateTimeStyle = 'short'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const format = (dateTimeFormats[style] ??= new Intl.DateTimeFormat(
    'en-US',
    DATE_TIME_OPTIONS[style],
  ));
  return format.format(date);
}

/**
 * English month names. Dates and numbers on the first screens are formatted by hand, as en-US
 * does: the first Intl formatter of a page loads the ICU data, a long task of its own on a phone
 * (about 70 ms here, several times that on a slow phone), which Lighthouse counts as blocking.
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `Nov 3, 2026`, as `Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })` writes it. */
export function formatShortDate(date: Date): string {
  const month = MONTH_NAMES[date.getMonth()] ?? '';
  return `${month.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
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

/** Midnight of the date's local calendar day, as a UTC day number (immune to DST shifts). */
function localDayNumber(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;
}

/**
 * A summary's date as SPEC.md /history shows it: Today, Yesterday, `N days ago` under 7 days,
 * else a short date such as `Nov 3, 2026`. Days are calendar days in the reader's time zone.
 */
export function formatRelativeDate(date: string | number | Date, now: Date = new Date()): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const days = localDayNumber(now) - localDayNumber(value);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatShortDate(value);
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
  const words = plainTextOfMarkdown(text).split(/\s+/u).filter(Boolean);
  if (words.length <= count) return words.join(' ');
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
