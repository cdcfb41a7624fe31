import { diffSentences, diffWordsWithSpace } from 'diff';

/** A run of text: in both versions, only in the older (removed), or only in the newer (added). */
export interface DiffPart {
  value: string;
  added: boolean;
  removed: boolean;
}

/**
 * A changed sentence is compared word by word only while at least this share of its words is
 * kept; below it, the two sentences are different sentences, shown struck out and added whole.
 */
const MIN_KEPT_SHARE = 0.5;

/** Words that mean nothing on their own: kept between two changes, they read as noise. */
const FILLER_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'so',
  'that',
  'the',
  'to',
  'was',
  'with',
]);

const kept = (value: string): DiffPart => ({ value, added: false, removed: false });
const removed = (value: string): DiffPart => ({ value, added: false, removed: true });
const added = (value: string): DiffPart => ({ value, added: true, removed: false });
const isChange = (part: DiffPart) => part.added || part.removed;

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

/** A kept run of only spaces, punctuation (`-`, `,`) and filler words (`of`, `a`, `and`). */
function isFiller(value: string): boolean {
  return wordsOf(value).every((word) => FILLER_WORDS.has(word.toLowerCase()));
}

/**
 * Each run of changes as its removed text, then its added text (each side shows its own), and
 * each run of unchanged text as one part.
 */
function joinChanges(parts: readonly DiffPart[]): DiffPart[] {
  const joined: DiffPart[] = [];
  let older = '';
  let newer = '';
  const flush = () => {
    if (older) joined.push(removed(older));
    if (newer) joined.push(added(newer));
    older = '';
    newer = '';
  };
  for (const part of parts) {
    if (part.removed) older += part.value;
    else if (part.added) newer += part.value;
    else {
      flush();
      const last = joined.at(-1);
      if (last && !isChange(last)) last.value += part.value;
      else joined.push(kept(part.value));
    }
  }
  flush();
  return joined;
}

/** Two versions of a changed passage, word by word, or whole when they share too little. */
function diffChangedText(older: string, newer: string): DiffPart[] {
  // With its spaces, so each side reads exactly as it was written.
  const parts: DiffPart[] = diffWordsWithSpace(older, newer).map((part) =>
    part.added ? added(part.value) : part.removed ? removed(part.value) : kept(part.value),
  );
  const keptWords = wordsOf(
    parts
      .filter((part) => !isChange(part))
      .map((part) => part.value)
      .join(' '),
  ).length;
  const total = Math.max(wordsOf(older).length, wordsOf(newer).length);
  if (total === 0 || keptWords / total < MIN_KEPT_SHARE) return [removed(older), added(newer)];
  // A filler kept between two changes goes with them, on both sides.
  const folded = parts.flatMap((part, index) => {
    const between =
      index > 0 &&
      index < parts.length - 1 &&
      isChange(parts[index - 1] as DiffPart) &&
      isChange(parts[index + 1] as DiffPart);
    return !isChange(part) && between && isFiller(part.value)
      ? [removed(part.value), added(part.value)]
      : [part];
  });
  return joinChanges(folded);
}

/**
 * What changed from `older` to `newer` (issue 26): sentence by sentence first, so unchanged
 * sentences stay whole, then word by word inside the sentences that changed, without stray
 * `of`, `a`, `and` or `-` left standing between struck-out runs.
 */
export function diffSummaries(older: string, newer: string): DiffPart[] {
  const sentences = diffSentences(older, newer);
  const parts: DiffPart[] = [];
  for (let index = 0; index < sentences.length;) {
    const sentence = sentences[index];
    if (!sentence) break;
    if (!sentence.added && !sentence.removed) {
      parts.push(kept(sentence.value));
      index += 1;
      continue;
    }
    let removedText = '';
    let addedText = '';
    for (; index < sentences.length; index += 1) {
      const change = sentences[index];
      if (!change || (!change.added && !change.removed)) break;
      if (change.removed) removedText += change.value;
      else addedText += change.value;
    }
    if (removedText && addedText) parts.push(...diffChangedText(removedText, addedText));
    else if (removedText) parts.push(removed(removedText));
    else parts.push(added(addedText));
  }
  return joinChanges(parts);
}
