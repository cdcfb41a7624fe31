import type { ParsedCredits } from 'common/components/credits-field';

/** SPEC.md §9: the add-credits field starts at 10. */
export const DEFAULT_CREDITS_TO_ADD = '10';

/** SPEC.md §5 "Add credits". */
export const INVALID_CREDITS_MESSAGE = 'Please enter a valid positive number';

/** A fraction of a credit (2.5) is refused, not cut to 2 (issue 26); the server says the same. */
export const WHOLE_CREDITS_MESSAGE = 'Credits must be a whole number, such as 2 or 3';

/**
 * Reads the add-credits field (SPEC.md §5): it must be present, numeric and at least 1, and a
 * whole number (sent as an integer): a fraction is refused with its own message.
 */
export function parseCreditsToAdd(value: string): ParsedCredits {
  const trimmed = value.trim();
  const amount = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(amount) || amount < 1) {
    return { error: INVALID_CREDITS_MESSAGE };
  }
  if (!Number.isInteger(amount)) return { error: WHOLE_CREDITS_MESSAGE };
  return { credits: amount };
}
