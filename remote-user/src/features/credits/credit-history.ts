import { firstWordsOf } from 'common/text';
import type { CreditHistoryEntry } from '../../lib/credits/credits-api';

/** How many words of a summary a history row shows. */
const PREVIEW_WORDS = 8;

/** The first words of a summary as plain text (no Markdown markers), with an ellipsis when there are more. */
export function firstWords(text: string, count = PREVIEW_WORDS): string {
  return firstWordsOf(text, count);
}

/** What a credit movement was, in words (issue 11). */
export function describeEntry(entry: CreditHistoryEntry): string {
  switch (entry.reason) {
    case 'signup':
      return 'Welcome credits';
    case 'summary':
      return entry.summaryPreview
        ? `Summary: ${firstWords(entry.summaryPreview)}`
        : 'Summary: since deleted';
    case 'refund':
      return 'Refund: the job failed';
    case 'recharge':
      return 'Added by an administrator';
    case 'request':
      return 'Request approved';
  }
}

/** `+10` or `−1`, with a real minus sign. */
export function formatAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : `\u2212${Math.abs(amount)}`;
}
