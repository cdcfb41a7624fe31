import { MAX_CHARS, MAX_DOCUMENT_CHARS, MIN_CHARS } from './product-constants';

/** A custom prompt: at most this many characters (code points, after trimming). */
export const MAX_CUSTOM_PROMPT_CHARS = 500;

export const CONTENT_REQUIRED_MESSAGE = 'Content is required';
export const CONTENT_INVALID_MESSAGE = 'Content contains invalid characters';
export const CUSTOM_PROMPT_TOO_LONG_MESSAGE = `Custom prompt must be at most ${MAX_CUSTOM_PROMPT_CHARS} characters`;
export const CUSTOM_PROMPT_INVALID_MESSAGE = 'Custom prompt contains invalid characters';

// Without the `u` flag the pattern sees UTF-16 units, so it can find a half of a pair alone.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Unicode code points of a text, as `[...text].length` counts them (a lone surrogate counts
 * as one), without building an array: an uploaded file may hold millions of characters.
 */
export function countCodePoints(text: string): number {
  let pairs = 0;
  for (let index = 0; index < text.length - 1; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs += 1;
        index += 1;
      }
    }
  }
  return text.length - pairs;
}

/**
 * True when the text cannot be stored or shown as text: a NUL character (Postgres `text`
 * refuses it) or a lone UTF-16 surrogate (not a character at all; JSON can carry one).
 */
export function hasInvalidCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** `Content must be at least 50 characters (current: N)` with N a plain integer, as the front end shows it. */
export function contentTooShortMessage(current: number): string {
  return `Content must be at least ${MIN_CHARS} characters (current: ${current})`;
}

/** `Content exceeds maximum 50,000 characters (current: N)` with N a plain integer. */
export function contentTooLongMessage(current: number, maximum = MAX_CHARS): string {
  return `Content exceeds maximum ${maximum.toLocaleString('en-US')} characters (current: ${current})`;
}

/**
 * The rule a text to summarize breaks, as SPEC.md words it, or null when it may be
 * summarized. `text` must already be trimmed.
 */
export function contentProblem(text: string, maximum = MAX_CHARS): string | null {
  if (hasInvalidCharacters(text)) return CONTENT_INVALID_MESSAGE;
  const length = countCodePoints(text);
  if (length < MIN_CHARS) return contentTooShortMessage(length);
  if (length > maximum) return contentTooLongMessage(length, maximum);
  return null;
}

/**
 * The rule the text of a file, a web page or a scan breaks, or null: as pasted text's, with
 * the documents' limit of 500,000 characters (API.md round 3).
 */
export function documentContentProblem(text: string): string | null {
  return contentProblem(text, MAX_DOCUMENT_CHARS);
}

/** The rule a trimmed custom prompt breaks, or null. */
export function customPromptProblem(prompt: string): string | null {
  if (hasInvalidCharacters(prompt)) return CUSTOM_PROMPT_INVALID_MESSAGE;
  if (countCodePoints(prompt) > MAX_CUSTOM_PROMPT_CHARS) return CUSTOM_PROMPT_TOO_LONG_MESSAGE;
  return null;
}
