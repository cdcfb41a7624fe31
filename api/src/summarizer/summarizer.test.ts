import { describe, expect, it, vi } from 'vitest';
import { LOCAL_SUMMARIZER_MODEL, summarizeExtractive } from './local/local-summarizer';
import { parseSummaryPrompt } from './text/prompt-steering';
import { createSummarizer } from './create-summarizer';
import { SummarizerError } from './summarizer-error';

const TEXT =
  'The library will open a second branch in the harbour district next year. The new branch will have a children’s ' +
  'reading room and a makerspace. The city pays for the building, and a foundation pays for the books. ' +
  'Opening hours will be longer than at the main library. Residents can suggest names for the branch until May.';

describe('createSummarizer', () => {
  it('uses the local summarizer alone when no Gemini key is configured', async () => {
    const logger = { warn: vi.fn() };
    for (const geminiApiKey of [undefined, '']) {
      const summarizer = createSummarizer({
        geminiApiKey,
        geminiModel: 'gemini-flash-latest',
        logger,
      });
      const result = await summarizer.summarize({
        text: TEXT,
        customPrompt: 'in 2 sentences',
        length: 'medium',
        format: 'paragraph',
      });
      expect(result).toMatchObject({
        summary: summarizeExtractive(TEXT, parseSummaryPrompt('in 2 sentences')).summary,
        model: LOCAL_SUMMARIZER_MODEL,
        isFallback: true,
      });
    }
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('refuses blank text with a non-retryable INVALID_INPUT error, with or without Gemini', async () => {
    for (const geminiApiKey of [undefined, 'test-key']) {
      const summarizer = createSummarizer({
        geminiApiKey,
        geminiModel: 'gemini-flash-latest',
        geminiBaseUrl: 'http://127.0.0.1:9',
        logger: { warn: vi.fn() },
      });
      const error = await summarizer
        .summarize({ text: ' \n ', customPrompt: null, length: 'medium', format: 'paragraph' })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(SummarizerError);
      expect(error).toMatchObject({ code: 'INVALID_INPUT', retryable: false });
    }
  });

  it('passes a cancelled request on as ABORTED instead of summarizing', async () => {
    const controller = new AbortController();
    controller.abort();
    const summarizer = createSummarizer({ geminiModel: 'gemini-flash-latest' });
    await expect(
      summarizer.summarize(
        { text: TEXT, customPrompt: null, length: 'medium', format: 'paragraph' },
        controller.signal,
      ),
    ).rejects.toMatchObject({
      code: 'ABORTED',
    });
  });
});

describe('SummarizerError', () => {
  it('carries what a job queue needs to decide on a retry', () => {
    const cause = new Error('socket hang up');
    const error = new SummarizerError('RATE_LIMITED', 'slow down', {
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'SummarizerError',
      code: 'RATE_LIMITED',
      message: 'slow down',
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
      cause,
    });
  });
});
