import type { HiddenPassage, HiddenReason } from '../documents/hidden-text';
import type { InstructionLikePassage } from '../summarizer/text/instruction-like';

/*
 * The stored hidden_text and instruction_like columns (issue 28) as the API answers them:
 * jsonb read back as it was written, each entry checked, so that a malformed row shows as
 * fewer passages rather than a broken screen.
 */

const HIDDEN_REASONS: readonly HiddenReason[] = [
  'invisible',
  'tiny',
  'same-colour',
  'off-page',
  'hidden',
];

function entries(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
      )
    : [];
}

/** API.md round 3 `hiddenText` of a stored (or carried) list. */
export function hiddenTextOf(value: unknown): HiddenPassage[] {
  return entries(value).flatMap(({ text, reason, page }) => {
    const known = HIDDEN_REASONS.find((candidate) => candidate === reason);
    if (typeof text !== 'string' || known === undefined) return [];
    const onPage = typeof page === 'number' && Number.isInteger(page) && page > 0 ? page : null;
    return [{ text, reason: known, page: onPage }];
  });
}

/** API.md round 3 `instructionLike` of a stored (or carried) list. */
export function instructionLikeOf(value: unknown): InstructionLikePassage[] {
  return entries(value).flatMap(({ text, hidden }) =>
    typeof text === 'string' ? [{ text, hidden: hidden === true }] : [],
  );
}
