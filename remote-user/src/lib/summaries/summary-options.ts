import { useCallback, useState } from 'react';
import { DEFAULT_SUMMARY_OPTIONS, FORMAT_CHOICES, LENGTH_CHOICES } from './summary';
import type { SummaryFormat, SummaryLength, SummaryOptions } from './summary';
import { isLanguageChoice } from './summary-language-option';

/** Where the last chosen Length, Format and Summary language are kept for the next summary. */
export const SUMMARY_OPTIONS_STORAGE_KEY = 'brevity.summaryOptions';

function isLength(value: unknown): value is SummaryLength {
  return LENGTH_CHOICES.some((choice) => choice.value === value);
}

function isFormat(value: unknown): value is SummaryFormat {
  return FORMAT_CHOICES.some((choice) => choice.value === value);
}

/** The remembered choice, or the defaults when none (or something unreadable) is stored. */
export function loadSummaryOptions(): SummaryOptions {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SUMMARY_OPTIONS_STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return DEFAULT_SUMMARY_OPTIONS;
    const { length, format, language } = stored as Record<string, unknown>;
    return {
      length: isLength(length) ? length : DEFAULT_SUMMARY_OPTIONS.length,
      format: isFormat(format) ? format : DEFAULT_SUMMARY_OPTIONS.format,
      language: isLanguageChoice(language) ? language : DEFAULT_SUMMARY_OPTIONS.language,
    };
  } catch {
    return DEFAULT_SUMMARY_OPTIONS;
  }
}

export function saveSummaryOptions(options: SummaryOptions): void {
  try {
    localStorage.setItem(SUMMARY_OPTIONS_STORAGE_KEY, JSON.stringify(options));
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
}

/** Length, Format and Summary language, read from and written to local storage. */
export function useSummaryOptions(): [SummaryOptions, (options: SummaryOptions) => void] {
  const [options, setOptions] = useState(loadSummaryOptions);
  const update = useCallback((next: SummaryOptions) => {
    setOptions(next);
    saveSummaryOptions(next);
  }, []);
  return [options, update];
}
