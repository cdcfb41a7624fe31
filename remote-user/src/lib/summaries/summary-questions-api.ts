import { api, request } from 'common/api-client';
import type { ResponseData } from 'common/api-client';

/** One question asked of a summary's original and its answer (API.md round 3). */
export type SummaryQuestion = ResponseData<
  (typeof api.summaries)[':id']['questions']['$get']
>['answers'][number];

/** The answer when nothing in the document answers (API.md round 3), word for word. */
export const NOT_IN_DOCUMENT = 'The document does not say.';

/** The failure texts of the question calls. */
export const QUESTION_MESSAGES = {
  list: 'Failed to load the questions',
  ask: 'Failed to answer the question',
} as const;

/** GET /api/summaries/:id/questions: the questions asked so far, oldest first. */
export async function fetchQuestions(summaryId: string): Promise<SummaryQuestion[]> {
  const body = await request(
    () => api.summaries[':id'].questions.$get({ param: { id: summaryId } }),
    QUESTION_MESSAGES.list,
  );
  return body.data.answers;
}

/** POST /api/summaries/:id/questions: the answer, stored with the question. */
export async function askQuestion(summaryId: string, question: string): Promise<SummaryQuestion> {
  const body = await request(
    () => api.summaries[':id'].questions.$post({ param: { id: summaryId }, json: { question } }),
    QUESTION_MESSAGES.ask,
  );
  return body.data.answer;
}
