import type { AppDeps } from '../../app-env';
import { assertCanPay, summarizeAndStore } from './summaries.service';
import type { CreatedSummary, SummaryRequester } from './summaries.service';
import { collectionSourceText, summarizerDocuments } from './summary-collection';
import { findOwnSummariesByIds } from './summary-collection.repository';
import type { CombineSummariesInput } from './summary-collection.schemas';
import { detectSourceLanguages } from './summary-languages';

/**
 * POST /api/summaries/combine (issue 29): one new summary of several of the user's own, for 1
 * credit, through the same paying path as any new summary (createSummary): 402 before any work,
 * the sources read and checked (404 for one that is not theirs or gone, 400 past 10 documents
 * once collections are flattened, 413 past 500,000 characters), then the credit reserved, the
 * summarizer run outside any transaction with the documents' spans (so it draws on every one),
 * and the summary stored and paid for in one transaction (summarizeAndStore). A refusal or a
 * failure charges nothing.
 */
export async function combineSummaries(
  deps: AppDeps,
  requester: SummaryRequester,
  input: CombineSummariesInput,
): Promise<CreatedSummary> {
  assertCanPay(requester);
  const rows = await findOwnSummariesByIds(deps.db, requester.user.id, input.summaryIds);
  const collected = collectionSourceText(input.summaryIds, rows, {
    customPrompt: input.customPrompt,
    length: input.length,
    format: input.format,
    language: input.language,
  });
  // The documents' language, as for any source (the larger one when they differ).
  const source = { ...collected, ...(await detectSourceLanguages(collected.text)) };
  return summarizeAndStore(deps, requester, source, summarizerDocuments(source.sources ?? []));
}
