/** Business constants of SPEC.md §9 and API.md "Limits", shared by every feature. */

/** Text to summarize: at least this many characters (Unicode code points, after trimming). */
export const MIN_CHARS = 50;
/** Text to summarize: at most this many characters (Unicode code points, after trimming). */
export const MAX_CHARS = 50_000;
/**
 * Text read from a file, a web page or a scan: at most this many characters (API.md round 3:
 * a long report or a thesis chapter; pasted text keeps MAX_CHARS).
 */
export const MAX_DOCUMENT_CHARS = 500_000;
/** An uploaded file: at most 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** A JSON request body: at most 1 MB. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Credits a new account starts with. */
export const SIGNUP_CREDITS = 5;
/** Credits one summary costs. */
export const SUMMARY_COST = 1;
/** The `aiModel` of summaries written by the local extractive summarizer. */
export const LOCAL_SUMMARIZER_MODEL = 'brevity-local-extractive';
/** Most credits one recharge, or one approved credit request, may add. */
export const MAX_RECHARGE_CREDITS = 1_000_000;
/** The 400 of a recharge or approval that would take a balance past MAX_CREDIT_BALANCE. */
export const BALANCE_TOO_HIGH_MESSAGE = 'This would take the balance past the largest allowed';

/** The password of every demo account; advertised on the login page through /api/config. */
export const DEMO_PASSWORD = 'demo1234';
/** The demo account of role `user`, the one /api/config advertises. */
export const DEMO_USER_EMAIL = 'demo@brevity.app';

/**
 * A summary keeps its version 1, every staff edit and its latest this many versions; older
 * ones are dropped, oldest first, when a new version is written (API.md "Additions, round 3").
 */
export const KEPT_LATEST_VERSIONS = 50;
