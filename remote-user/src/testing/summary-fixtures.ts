// Test data shaped like the API's answers (imported by tests only, so never bundled).
import type { SummaryPage, Summary, SummaryStatistics } from '../lib/summaries/summary';

/** Any field may be overridden, with null too: the screens must survive a field left empty. */
export type SummaryOverrides = { [Key in keyof Summary]?: Summary[Key] | null };

/** A summary as GET /api/summaries returns it. */
export function makeSummary(overrides: SummaryOverrides = {}): Summary {
  const id = overrides.id ?? 's1';
  // Cast: an override may leave a field null that the API's type says is always there.
  return {
    id,
    _id: id,
    summarizedContent: 'A short summary of the text.',
    originalContent: 'The original text, which was much longer than its summary. '.repeat(3),
    originalWordCount: 120,
    summaryWordCount: 30,
    compressionRatio: 75,
    processingTime: 420,
    isFallback: false,
    aiModel: 'gemini-1.5-flash',
    customPrompt: null,
    regenerationCount: 0,
    source: 'text',
    fileName: null,
    sourceUrl: null,
    sourceTitle: null,
    ocr: false,
    pageBreaks: [],
    sources: [],
    hiddenText: [],
    instructionLike: [],
    sections: [],
    createdAt: '2026-03-10T09:00:00.000Z',
    updatedAt: '2026-03-10T09:00:00.000Z',
    reviewStatus: 'pending',
    reviewComments: null,
    reviewedBy: null,
    reviewedAt: null,
    length: 'medium',
    format: 'paragraph',
    keywords: [],
    sourceMap: [],
    unverified: [],
    // Only regenerations so far, unless the test says otherwise.
    version: (overrides.regenerationCount ?? 0) + 1,
    fallbackReason: null,
    promptApplied: null,
    sourceLanguage: 'en',
    secondSourceLanguage: null,
    language: 'en',
    requestedLanguage: null,
    ...overrides,
  } as Summary;
}

export function makeStatistics(overrides: Partial<SummaryStatistics> = {}): SummaryStatistics {
  return {
    totalSummaries: 1,
    totalOriginalWords: 120,
    totalSummaryWords: 30,
    averageCompressionRatio: 75,
    wordsReduced: 90,
    ...overrides,
  };
}

/** One page of GET /api/summaries for `total` summaries in all. */
export function makeSummaryPage(
  summaries: Summary[],
  { page = 1, limit = 10, total = summaries.length } = {},
): SummaryPage {
  const totalPages = Math.ceil(total / limit);
  return {
    summaries,
    pagination: {
      currentPage: page,
      totalPages,
      totalSummaries: total,
      total,
      hasNextPage: page < totalPages,
      hasPrevPage: page > 1,
    },
    statistics: makeStatistics({ totalSummaries: total }),
    total,
    totalPages,
  };
}

/** The success envelope around `data`. */
export function ok<Data>(data: Data) {
  return { success: true, data };
}

/** One server-sent event as POST /api/summaries/stream writes it. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * A `text/event-stream` response whose body the test writes chunk by chunk (`push`), then
 * `close`s; `cancelled` tells whether the reader cancelled it (Stop).
 */
export function streamedResponse(status = 200) {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    response: new Response(body, {
      status,
      headers: { 'Content-Type': 'text/event-stream' },
    }),
    push(chunk: string) {
      controller?.enqueue(encoder.encode(chunk));
    },
    close() {
      controller?.close();
    },
    get cancelled() {
      return state.cancelled;
    },
  };
}

/** A finished stream: the events given, all at once. */
export function sseResponse(events: [string, unknown][]): Response {
  const stream = streamedResponse();
  for (const [event, data] of events) stream.push(sseEvent(event, data));
  stream.close();
  return stream.response;
}
