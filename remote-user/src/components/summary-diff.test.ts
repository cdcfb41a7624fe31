import { describe, expect, it } from 'vitest';
import { diffSummaries } from './summary-diff';
import type { DiffPart } from './summary-diff';

/*
 * Issue 26, item 10: the Versions dialog's comparison, sentence by sentence first, then word by
 * word inside the sentences that changed, with no stray `of`, `a`, `and`, `-` left standing
 * between struck-out runs.
 */

/** Each side as the dialog shows it: the older without additions, the newer without removals. */
function sides(parts: readonly DiffPart[]) {
  return {
    older: parts
      .filter((part) => !part.added)
      .map((part) => part.value)
      .join(''),
    newer: parts
      .filter((part) => !part.removed)
      .map((part) => part.value)
      .join(''),
  };
}

const removedRuns = (parts: readonly DiffPart[]) =>
  parts.filter((part) => part.removed).map((part) => part.value);
const addedRuns = (parts: readonly DiffPart[]) =>
  parts.filter((part) => part.added).map((part) => part.value);

/** The kept runs standing between two changes of the same side. */
function keptBetweenChanges(parts: readonly DiffPart[], side: 'removed' | 'added'): string[] {
  const shown = parts.filter((part) => (side === 'removed' ? !part.added : !part.removed));
  return shown
    .filter(
      (part, index) =>
        !part.added &&
        !part.removed &&
        shown[index - 1]?.[side] === true &&
        shown[index + 1]?.[side] === true,
    )
    .map((part) => part.value);
}

describe('diffSummaries', () => {
  it('keeps the same text as one unchanged run', () => {
    const text = 'The harbour opens at six. Ferries leave hourly.';
    expect(diffSummaries(text, text)).toEqual([{ value: text, added: false, removed: false }]);
  });

  it('always rebuilds both texts exactly', () => {
    const older = 'The dog sat on the mat. It rained. Birds sang of a morning and a night.';
    const newer = 'The cat sat on the red mat today. It rained. Keepers lit a wick and a lamp.';
    expect(sides(diffSummaries(older, newer))).toEqual({ older, newer });
  });

  it('leaves unchanged sentences whole and marks only the changed words of a changed sentence', () => {
    const older = 'The dog sat on the mat. The harbour of the town was busy and loud.';
    const newer = 'The cat sat on the mat. The harbour of the town was busy and loud.';
    const parts = diffSummaries(older, newer);
    expect(removedRuns(parts)).toEqual(['dog']);
    expect(addedRuns(parts)).toEqual(['cat']);
    // The second sentence's `of`, `the`, `and` are not touched: it did not change.
    expect(parts.at(-1)).toEqual({
      value: ' sat on the mat. The harbour of the town was busy and loud.',
      added: false,
      removed: false,
    });
  });

  it('replaces a rewritten sentence whole instead of keeping its `of`, `a`, `and`, `-`', () => {
    const older = 'The lighthouse of Alexandria was a wonder and a beacon - famous.';
    const newer = 'Keepers of old trimmed a wick and lit it - nightly.';
    expect(diffSummaries(older, newer)).toEqual([
      { value: older, added: false, removed: true },
      { value: newer, added: true, removed: false },
    ]);
  });

  it('folds a filler word left between two changes of a similar sentence into them', () => {
    const older = 'Ships from the north paid harbour dues of a tenth and a fee at the gate.';
    const newer = 'Ships from the north paid harbour dues of half and tolls at the gate.';
    const parts = diffSummaries(older, newer);
    expect(sides(parts)).toEqual({ older, newer });
    for (const side of ['removed', 'added'] as const) {
      for (const between of keptBetweenChanges(parts, side)) {
        expect(
          between.trim().split(/\s+/).length,
          `“${between}” between ${side} runs`,
        ).toBeGreaterThan(1);
      }
    }
    expect(removedRuns(parts).join('|')).toMatch(/tenth/);
    expect(addedRuns(parts).join('|')).toMatch(/half/);
    // The words both versions share stay unmarked.
    expect(parts[0]).toEqual({
      value: 'Ships from the north paid harbour dues of ',
      added: false,
      removed: false,
    });
  });

  it('marks a sentence added at the end as added, the rest unchanged', () => {
    const parts = diffSummaries(
      'Tides rise twice a day.',
      'Tides rise twice a day. Storms raise them.',
    );
    expect(removedRuns(parts)).toEqual([]);
    expect(addedRuns(parts).join('').trim()).toBe('Storms raise them.');
  });
});
