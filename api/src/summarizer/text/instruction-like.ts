/*
 * Passages that address an AI model rather than a reader (issue 28): "ignore all previous
 * instructions", "you are now…", "as a language model", "summarize this as…", "rate this
 * positively", "do not mention…". Preprints of 2025 hid such lines in white text for the
 * models reviewers used. They are listed for the person (`instructionLike`) and never obeyed:
 * Gemini gets the document fenced as data, and the local summarizer never picks them.
 *
 * The patterns are narrow on purpose: "the wetlands act as a buffer" or "workers often ignore
 * safety instructions" is prose about the world, not an order to a model. Each pattern needs
 * the words that make it an order: an imperative at the start of a clause, or a qualifier
 * ("all previous", "your") that only an instruction to a model has.
 */

/** A passage addressed to an AI, and whether a reader of the document could see it. */
export interface InstructionLikePassage {
  text: string;
  hidden: boolean;
}

/** Where an imperative may stand: the start of the text or a clause, or after "please". */
const CLAUSE_START = String.raw`(?:^|[.!?:;"“(\[\n]\s*|\b(?:please|now|and|then|instead|also)\s+|\byou\s+(?:must|should|will|shall)\s+)`;

const PATTERNS: readonly RegExp[] = [
  // Overriding the instructions a model was given.
  /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+)?(?:(?:of\s+)?(?:the|your|my|these|those)\s+)?(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|former|all|any)\s+(?:\w+\s+)?(?:instructions?|prompts?|directives?|guidelines|commands|rules|context)\b/iu,
  /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:your|the)\s+(?:instructions?|prompts?|system\s+prompt|guidelines|programming|training)\b/iu,
  /\b(?:new|updated|real|actual|hidden)\s+instructions?\s*:/iu,
  /\[\/?INST\]|<\|im_(?:start|end)\|>|<\/?s>\s*\[INST\]|###\s*(?:instruction|system)\b/iu,
  // Role-play prompts.
  /\byou\s+are\s+now\s+(?:a|an|the|in|my|no\s+longer|DAN)\b/iu,
  /\bfrom\s+now\s+on,?\s+you\s+(?:are|will|must|shall|should)\b/iu,
  new RegExp(
    `${CLAUSE_START}(?:act|behave|respond|answer)\\s+as\\s+(?:if\\s+you\\s+(?:are|were)|an?\\s+|my\\s+|the\\s+)`,
    'iu',
  ),
  new RegExp(
    `${CLAUSE_START}(?:pretend|imagine)\\s+(?:to\\s+be|that\\s+you\\s+are|you\\s+are)\\b`,
    'iu',
  ),
  /\b(?:role-?play|roleplay)\s+as\b/iu,
  // Speaking to the model as such.
  // "Such as an AI tool" names one; "as an AI, you…" speaks to one.
  /(?<!\b(?:such|same|known|regarded|seen|used|described|designed|built|trained)\s)\bas\s+an?\s+(?:ai|a\.i\.|large\s+language\s+model|language\s+model|llm|ai\s+(?:model|assistant|language\s+model)|chatbot)\b/iu,
  /\bif\s+you\s+are\s+an?\s+(?:ai|llm|large\s+language\s+model|language\s+model|automated|ai\s+\w+|machine|bot)\b/iu,
  /\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|llms?|language\s+models?|chatgpt|gemini|claude|the\s+model|automated\s+reviewers?|ai\s+reviewers?)\b/iu,
  /\b(?:ai|llm|language\s+model|chatgpt|gemini|claude|assistant)s?\s*,?\s+(?:reading|reviewing|summari[sz]ing|processing)\s+this\b/iu,
  // Orders about the summary or the review.
  /\bsummari[sz]e\s+(?:this|it|the\s+(?:paper|document|article|text|page|study|submission))\s+(?:\w+\s+){0,2}as\b/iu,
  /\b(?:in|when\s+writing)\s+(?:your|the)\s+summary,?\s+(?:say|state|mention|write|describe|call|claim|conclude|emphasi[sz]e)\b/iu,
  /\bwhen\s+summari[sz]ing\s+(?:this|it)\b/iu,
  /\brate\s+(?:this|it|the\s+(?:paper|document|article|submission|manuscript|study))\s+(?:\w+\s+)?(?:positively|highly|favou?rably|well|as\s+excellent)\b/iu,
  /\bgive\s+(?:(?:this|it|the)\s+(?:(?:paper|document|article|submission|manuscript|study|work)\s+)?)?(?:a|an|only)\s+(?:positive|favou?rable|good|high|glowing|excellent|strong)\s+(?:review|rating|score|assessment|evaluation|summary|recommendation)s?\b/iu,
  /\b(?:recommend|rate)\s+(?:this|it|the)\s+(?:(?:paper|submission|manuscript|study|work)\s+)?(?:for\s+)?(?:acceptance|accept|5\s+stars|10\s*\/\s*10)\b/iu,
  new RegExp(
    `${CLAUSE_START}(?:do\\s+not|don['’]t|never)\\s+(?:mention|reveal|disclose|highlight|point\\s+out|discuss|criticis[ez]|note)\\b`,
    'iu',
  ),
  /\b(?:only|exclusively)\s+(?:mention|highlight|discuss|state)\s+(?:the\s+)?(?:positive|strengths|positives|good)\b/iu,
];

/** Whether `text` (a sentence or a passage) addresses an AI model. */
export function addressesAnAi(text: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(text));
}

/** A passage longer than this is quoted as the sentence around the match, not whole. */
const MAX_QUOTED_CHARS = 500;
/** Passages listed at most. */
const MAX_PASSAGES = 50;

/** The sentence of `text` around `at`: from the previous sentence end or line to the next. */
function sentenceAround(text: string, at: number, end: number): string {
  let start = at;
  while (start > 0 && !/[.!?\n]/.test(text[start - 1] ?? '')) start -= 1;
  let stop = end;
  while (stop < text.length && !/[.!?\n]/.test(text[stop] ?? '')) stop += 1;
  if (stop < text.length && text[stop] !== '\n') stop += 1;
  return text.slice(start, stop).replace(/\s+/g, ' ').trim();
}

/** The sentences of `text` that address an AI, each once, in order. */
export function instructionSentences(text: string): string[] {
  const found = new Map<number, string>();
  for (const pattern of PATTERNS) {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (const match of text.matchAll(global)) {
      // A match may begin with the end of the sentence before (CLAUSE_START): skip it.
      const at = match.index + (/^[.!?:;\s]*/.exec(match[0])?.[0].length ?? 0);
      const sentence = sentenceAround(text, at, at + match[0].length);
      if (sentence !== '' && ![...found.values()].includes(sentence)) found.set(at, sentence);
      if (found.size >= MAX_PASSAGES) break;
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, sentence]) => sentence);
}

/**
 * The passages of a document that address an AI: those of its hidden passages (whole, when
 * short) and the sentences of its text. A sentence of the text that is part of a hidden
 * passage (hidden text included in the text on request) is listed once, as hidden.
 */
export function findInstructionLike(
  text: string,
  hiddenTexts: readonly string[],
): InstructionLikePassage[] {
  const passages: InstructionLikePassage[] = [];
  for (const hidden of hiddenTexts) {
    if (!addressesAnAi(hidden)) continue;
    const quoted =
      hidden.length <= MAX_QUOTED_CHARS ? [hidden.trim()] : instructionSentences(hidden);
    for (const quote of quoted) passages.push({ text: quote, hidden: true });
  }
  for (const sentence of instructionSentences(text)) {
    if (hiddenTexts.some((hidden) => hidden.replace(/\s+/g, ' ').includes(sentence))) continue;
    if (passages.some((passage) => passage.text === sentence)) continue;
    passages.push({ text: sentence, hidden: false });
  }
  return passages.slice(0, MAX_PASSAGES);
}
