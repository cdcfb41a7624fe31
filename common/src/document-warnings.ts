/*
 * What a summary's document hid from its readers and the passages in it that address an AI
 * (issue 28, API.md round 3 `hiddenText` and `instructionLike`), as every screen words them.
 */

export type HiddenTextReason = 'invisible' | 'tiny' | 'same-colour' | 'off-page' | 'hidden';

export interface HiddenTextPassage {
  text: string;
  reason: HiddenTextReason;
  page: number | null;
}

export interface InstructionLikePassage {
  text: string;
  hidden: boolean;
}

/** What a reader is told of why they could not see a passage. */
export const HIDDEN_REASON_LABELS: Record<HiddenTextReason, string> = {
  invisible: 'Invisible text',
  tiny: 'Text under 2 pt',
  'same-colour': 'Same colour as the page',
  'off-page': 'Outside the page',
  hidden: 'Marked hidden',
};

/** `This document contains 3 passages hidden from readers` (1: `1 passage`). */
export function hiddenPassagesSentence(count: number): string {
  return `This document contains ${count} ${count === 1 ? 'passage' : 'passages'} hidden from readers`;
}

export const ADDRESSED_TO_AN_AI_SENTENCE = 'This document contains text addressed to an AI';

/** Whether a summary has anything to warn of. */
export function hasDocumentWarnings(summary: {
  hiddenText?: readonly unknown[] | undefined;
  instructionLike?: readonly unknown[] | undefined;
}): boolean {
  return (summary.hiddenText?.length ?? 0) > 0 || (summary.instructionLike?.length ?? 0) > 0;
}
