/**
 * Turns text into comparable terms for the local summarizer: Unicode words, lower-cased,
 * stop words dropped, a light English suffix normalization, and character bigrams for
 * scripts written without spaces (Chinese, Japanese, Thai...).
 */

// Common function words of English, plus the most frequent ones of German, French and Spanish,
// so that similarity between sentences is carried by content words.
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are aren as at be because been ' +
    'before being below between both but by can cannot could did do does doing don down during ' +
    'each few for from further had has have having he her here hers herself him himself his how ' +
    'i if in into is isn it its itself just me more most my myself no nor not now of off on once ' +
    'only or other our ours ourselves out over own same she should so some such than that the ' +
    'their theirs them themselves then there these they this those through to too under until up ' +
    'upon very was we were what when where which while who whom whose why will with would you ' +
    'your yours yourself yourselves said says say told according would could may might must shall ' +
    'one two also however yet still even many much every another us per via since though ' +
    'der die das den dem des ein eine einer eines einem einen und oder aber ist sind war waren ' +
    'nicht mit von zu auf für im in an als auch es sie er wir ich ihr sich wie bei nach aus wird ' +
    'werden wurde hat haben dass dem zum zur vom noch nur so um über unter ' +
    'le la les un une des du de et ou mais est sont était il elle ils elles nous vous je tu ce ' +
    'cette ces qui que quoi dont où pour par sur dans avec sans pas ne plus au aux se sa son ses ' +
    'leur leurs été être avoir fait comme aussi ' +
    'el los las y o pero es son fue era con por para en del al lo su sus se que como más muy'
  ).split(' '),
);

// Scripts written without spaces between words: compared on character bigrams.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const UNSPACED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}]+)*/gu;

/**
 * A light, deliberately conservative English normalization (plurals, -ing, -ed, possessives),
 * enough to match "summaries" with "summary" without a full stemmer's surprises.
 */
export function normalizeTerm(word: string): string {
  let term = word.replace(/['’]s$/u, '').replace(/['’]/gu, '');
  if (!/^[a-z]+$/.test(term) || term.length <= 3) return term;
  if (term.endsWith('ies') && term.length > 4) term = `${term.slice(0, -3)}y`;
  else if (term.endsWith('sses')) term = term.slice(0, -2);
  else if (term.endsWith('s') && !/(ss|us|is)$/.test(term)) term = term.slice(0, -1);
  if (term.endsWith('ing') && term.length > 5 && /[aeiouy]/.test(term.slice(0, -3))) {
    term = term.slice(0, -3);
  } else if (term.endsWith('ed') && term.length > 4 && /[aeiouy]/.test(term.slice(0, -2))) {
    term = term.slice(0, -2);
  }
  // "running" -> "runn" -> "run", "stopped" -> "stopp" -> "stop"
  if (/([b-df-hj-np-tv-z])\1$/.test(term) && !/(ll|ss|zz)$/.test(term)) term = term.slice(0, -1);
  if (term.endsWith('e') && term.length > 4) term = term.slice(0, -1);
  return term;
}

function unspacedBigrams(run: string, terms: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    terms.push(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) terms.push(`${chars[i]}${chars[i + 1]}`);
}

/** The content terms of a piece of text, in order, with repetitions. */
export function extractTerms(text: string): string[] {
  const terms: string[] = [];
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(WORD)) {
    const word = match[0];
    if (UNSPACED_SCRIPT.test(word)) {
      let last = 0;
      for (const run of word.matchAll(UNSPACED_RUN)) {
        const before = word.slice(last, run.index);
        if (before.length > 1 && !STOP_WORDS.has(before)) terms.push(normalizeTerm(before));
        unspacedBigrams(run[0], terms);
        last = run.index + run[0].length;
      }
      const after = word.slice(last);
      if (after.length > 1 && !STOP_WORDS.has(after)) terms.push(normalizeTerm(after));
      continue;
    }
    if (word.length < 2 && !/\p{N}/u.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    const term = normalizeTerm(word);
    if (!STOP_WORDS.has(term)) terms.push(term);
  }
  return terms;
}
