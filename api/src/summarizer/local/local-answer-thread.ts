import { serveTasks } from '../../lib/thread-pool';
import { answerFromDocument } from './local-answer';
import type { LocalAnswer } from './local-answer';
import type { QuestionInput } from '../summarizer';

/*
 * The entry of the local answer's worker thread (local-answer-pool.ts starts it; the build
 * bundles it as dist/summarizer/local-answer-thread.js): one long document's question at a time.
 */

serveTasks<QuestionInput, LocalAnswer>((input) =>
  answerFromDocument(input.text, input.question, { language: input.sourceLanguage }),
);
