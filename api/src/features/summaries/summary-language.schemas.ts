import { z } from 'zod';
import { SUMMARY_LANGUAGE_CODES, isSummaryLanguage } from '../../domain/languages';

/*
 * The request's `language` (API.md round 3, decision 0038): an ISO 639-1 code of
 * SUMMARY_LANGUAGES, or "auto" for "Same as the document". Anything else is a 400
 * VALIDATION_ERROR naming the field (`"xx"`, `"zz-ZZ"`, `"German"`).
 */

/** The word that asks for a summary in the document's own language. */
export const SAME_AS_DOCUMENT = 'auto';

export const LANGUAGE_MESSAGE = `Language must be "${SAME_AS_DOCUMENT}" (the document's own) or one of: ${SUMMARY_LANGUAGE_CODES.join(', ')}`;

/** The code asked for, null for "auto" (the document's own), undefined when absent. */
function chosenLanguage(
  value: string | null | undefined,
  context: z.RefinementCtx,
): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === SAME_AS_DOCUMENT) return null;
  if (isSummaryLanguage(value)) return value;
  context.addIssue({ code: 'custom', message: LANGUAGE_MESSAGE });
  return z.NEVER;
}

const languageText = z.string({ error: LANGUAGE_MESSAGE }).trim().nullish();

/** On a new summary: absent, null or "auto" all mean the document's own language (null). */
export const newSummaryLanguage = languageText.transform(
  (value, context) => chosenLanguage(value, context) ?? null,
);

/**
 * On a regeneration: absent (or null) keeps the language the summary was asked in (undefined);
 * "auto" asks for the document's own (null); a code asks for that language.
 */
export const regeneratedSummaryLanguage = languageText.transform(chosenLanguage);
