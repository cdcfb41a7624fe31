/*
 * HTTP content negotiation of the codings the API and the static files send (RFC 9110 §12.5.3).
 */

/** The content codings the build writes next to each text file (common/build/compress.mjs). */
export type ContentCoding = 'br' | 'gzip';

/**
 * The codings an Accept-Encoding header allows, best first: brotli before gzip at equal weight.
 * Follows RFC 9110 §12.5.3: names are case-insensitive, `q=0` refuses a coding, `*` stands for
 * any coding not named, and no header at all means identity only.
 */
export function acceptableEncodings(header: string | undefined): ContentCoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((piece) => piece.trim().toLowerCase());
      if (key === 'q') {
        const parsed = Number(value);
        weight = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name, weight);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  const ranked: [ContentCoding, number][] = [
    ['br', br],
    ['gzip', gzip],
  ];
  return ranked
    .filter(([, weight]) => weight > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([coding]) => coding);
}

/** The best coding an Accept-Encoding header allows, or null for identity. */
export function negotiateEncoding(header: string | undefined): ContentCoding | null {
  return acceptableEncodings(header)[0] ?? null;
}
