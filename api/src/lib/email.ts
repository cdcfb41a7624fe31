/*
 * One spelling per address. Without this, `x\u200b@example.com` (a zero-width space),
 * `ｘ@example.com` (fullwidth letters) and `x@example.com.` (the DNS root dot) would each
 * register a second account for what reads as `x@example.com`.
 */

/** Characters that show nothing: format characters (zero-width, bidi marks, BOM) and other default-ignorables. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The canonical form of an email address: Unicode NFKC (fullwidth and other compatibility
 * forms become their plain letters), invisible characters removed, trimmed, lower-case, and
 * without the trailing dot of a fully qualified domain.
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE, '').trim().toLowerCase().replace(/\.+$/, '');
}
