import type { ParsedCredits } from 'common/components/credits-field';

/** SPEC.md §9: the add-credits field starts at 10. */
export const DEFAULT_CREDITS_TO_ADD = '10';

/** SPEC.md §5 "Add credits". */
export const INVALID_CREDITS_MESSAGE = 'Please enter a valid positive number';

/**
 * Reads the add-credits field (SPEC.md §5): it must be present, numeric and greater than 0;
 * the amount is sent as a whole number (decimals are cut), so it must be at least 1 once cut.
 */
export function parseCreditsToAdd(value: string): ParsedCredits {
  const trimmed = value.trim();
  const amount = trimmed === '' ? Number.NaN : Number(trimmed);
  const credits = Math.trunc(amount);
  if (!Number.isFinite(amount) || amount <= 0 || credits < 1) {
    return { error: INVALID_CREDITS_MESSAGE };
  }
  return { credits };
}
