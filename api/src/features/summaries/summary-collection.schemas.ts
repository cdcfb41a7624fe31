import { z } from 'zod';
import { customPromptProblem } from '../../lib/summary-text';
import { isUuid, jsonObjectBody, optionalTrimmedText } from '../../lib/validation';
import { SUMMARY_FORMATS, SUMMARY_LENGTHS } from '../../summarizer/summarizer';
import { newSummaryLanguage } from './summary-language.schemas';

/*
 * The request rules of POST /api/summaries/combine and /compare (issue 29, API.md round 3 "A
 * combination: 2 to 10 distinct summaries of one's own"). Each field reports one message: the
 * first rule it breaks.
 */

/** Fewest and most summaries one combination or comparison takes (a collection counts as its documents). */
export const MIN_COMBINED = 2;
export const MAX_COMBINED = 10;

export const SUMMARY_IDS_MESSAGE = 'summaryIds must be a list of summary ids';
export const SUMMARY_ID_MESSAGE = 'Each summary id must be a valid id';
export const TOO_FEW_MESSAGE = `Choose at least ${MIN_COMBINED} summaries`;
export const TOO_MANY_MESSAGE = `Choose at most ${MAX_COMBINED} summaries`;
export const DUPLICATE_ID_MESSAGE = 'The same summary is listed twice';
export const QUESTION_MESSAGE = 'The question must be text';
/** A comparison's question or prompt: as a question to a document (API.md round 3), 3 to 500 characters. */
export const MIN_QUESTION_CHARS = 3;
export const MAX_QUESTION_CHARS = 500;
export const QUESTION_LENGTH_MESSAGE = `The question must be ${MIN_QUESTION_CHARS} to ${MAX_QUESTION_CHARS} characters`;

const LENGTH_MESSAGE = `Length must be one of: ${SUMMARY_LENGTHS.join(', ')}`;
const FORMAT_MESSAGE = `Format must be one of: ${SUMMARY_FORMATS.join(', ')}`;

/** 2 to 10 distinct, well-formed summary ids; a repeated one is named by its position. */
const summaryIds = z
  .array(z.string({ error: SUMMARY_ID_MESSAGE }).refine(isUuid, { error: SUMMARY_ID_MESSAGE }), {
    error: SUMMARY_IDS_MESSAGE,
  })
  .min(MIN_COMBINED, {
    error: (issue) => `${TOO_FEW_MESSAGE} (got ${String(issue.input?.length ?? 0)})`,
  })
  .max(MAX_COMBINED, {
    error: (issue) => `${TOO_MANY_MESSAGE} (got ${String(issue.input?.length ?? 0)})`,
  })
  .superRefine((ids, context) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      const key = id.toLowerCase();
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: [index], message: DUPLICATE_ID_MESSAGE });
      seen.add(key);
    });
  })
  .transform((ids) => ids.map((id) => id.toLowerCase()));

/** POST /api/summaries/combine. */
export const combineSummariesSchema = z.object(
  {
    summaryIds,
    customPrompt: optionalTrimmedText('Custom prompt must be text', customPromptProblem),
    length: z
      .enum(SUMMARY_LENGTHS, { error: LENGTH_MESSAGE })
      .nullish()
      .transform((value) => value ?? 'medium'),
    format: z
      .enum(SUMMARY_FORMATS, { error: FORMAT_MESSAGE })
      .nullish()
      .transform((value) => value ?? 'paragraph'),
    language: newSummaryLanguage,
  },
  jsonObjectBody,
);
export type CombineSummariesInput = z.infer<typeof combineSummariesSchema>;

/** POST /api/summaries/compare: the summaries side by side, and the question or prompt (optional). */
export const compareSummariesSchema = z.object(
  {
    summaryIds,
    q: optionalTrimmedText(QUESTION_MESSAGE, (text) =>
      [...text].length < MIN_QUESTION_CHARS || [...text].length > MAX_QUESTION_CHARS
        ? QUESTION_LENGTH_MESSAGE
        : customPromptProblem(text),
    ),
  },
  jsonObjectBody,
);
export type CompareSummariesInput = z.infer<typeof compareSummariesSchema>;
