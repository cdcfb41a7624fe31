/**
 * The first API request of a signed-in page at its plain address (no query string), which
 * app.html's inline script sends before any bundle runs (shell's prerendered-pages.ts), so the
 * page's data travels while its code still downloads. Each is exactly the path and query the
 * page's code asks for first, which apiFetch matches to adopt the answer (adoptEarlyRequests);
 * the page's own tests hold it to that.
 */
export const FIRST_REQUEST_OF_PAGE: Readonly<Record<string, string>> = {
  '/history': '/api/summaries?page=1&limit=10',
};
