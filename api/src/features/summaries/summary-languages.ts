import { detectDocumentLanguages } from '../../domain/language-detection';
import type { DocumentLanguages } from '../../domain/language-detection';
import { UNDETERMINED_LANGUAGE } from '../../domain/languages';
import type { SummarizeInput, SummaryResult } from '../../summarizer/summarizer';

/*
 * A summary's languages (issue 30, decision 0038): the document's, detected once when the
 * summary is created and kept with it, and the one the reader asks for (null: "Same as the
 * document"). What a summary stores as its `language` is the truth: the language its text is
 * written in, which is the document's whenever the local summarizer wrote it (it selects
 * sentences and cannot translate).
 */

export type { DocumentLanguages } from '../../domain/language-detection';

/** The document's languages, detected from its text (`und` when it cannot be told). */
export function detectSourceLanguages(text: string): Promise<DocumentLanguages> {
  return detectDocumentLanguages(text);
}

/** A document's languages as a queued job carries them; anything malformed reads as absent. */
export function carriedLanguages(data: {
  sourceLanguage?: unknown;
  secondSourceLanguage?: unknown;
}): DocumentLanguages | undefined {
  const { sourceLanguage, secondSourceLanguage } = data;
  if (typeof sourceLanguage !== 'string' || !/^(?:[a-z]{2}|und)$/u.test(sourceLanguage)) {
    return undefined;
  }
  return {
    sourceLanguage,
    secondSourceLanguage:
      typeof secondSourceLanguage === 'string' && /^[a-z]{2}$/u.test(secondSourceLanguage)
        ? secondSourceLanguage
        : null,
  };
}

/** The languages of a summarizer's input: the document's, and the one asked (when any). */
export function summarizerLanguages(
  sourceLanguage: string,
  requested: string | null,
): Pick<SummarizeInput, 'sourceLanguage' | 'language'> {
  return requested === null ? { sourceLanguage } : { sourceLanguage, language: requested };
}

/**
 * The language a summarizer's result is written in: what the summarizer says; else (a test
 * double) the document's for the local summarizer, the one asked for otherwise.
 */
export function resultLanguage(
  result: Pick<SummaryResult, 'language' | 'isFallback'>,
  sourceLanguage: string,
  requested: string | null,
): string {
  if (result.language !== undefined) return result.language;
  if (result.isFallback) return sourceLanguage;
  return requested ?? sourceLanguage;
}

/** The languages of a summary stored before they were detected. */
export const UNKNOWN_LANGUAGES: DocumentLanguages = {
  sourceLanguage: UNDETERMINED_LANGUAGE,
  secondSourceLanguage: null,
};
