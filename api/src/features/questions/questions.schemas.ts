import { z } from 'zod';
import { jsonObjectBody } from '../../lib/validation';

/** A question: 3 to 500 characters once trimmed (API.md round 3, "Limits"). */
export const QUESTION_MIN_CHARS = 3;
export const QUESTION_MAX_CHARS = 500;

export const QUESTION_REQUIRED_MESSAGE = 'Question is required';
export const QUESTION_TOO_SHORT_MESSAGE = `The question must be at least ${QUESTION_MIN_CHARS} characters`;
export const QUESTION_TOO_LONG_MESSAGE = `The question must be at most ${QUESTION_MAX_CHARS} characters`;

/** POST /api/summaries/:id/questions: `{ question }`, trimmed; a broken rule names `question`. */
export const askQuestionSchema = z.object(
  {
    question: z
      .string({ error: QUESTION_REQUIRED_MESSAGE })
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .min(1, QUESTION_REQUIRED_MESSAGE)
          .min(QUESTION_MIN_CHARS, QUESTION_TOO_SHORT_MESSAGE)
          .max(QUESTION_MAX_CHARS, QUESTION_TOO_LONG_MESSAGE),
      ),
  },
  jsonObjectBody,
);

export type AskQuestionInput = z.infer<typeof askQuestionSchema>;
