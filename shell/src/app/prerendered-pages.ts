import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from 'common/session-storage';

/**
 * The HTML documents the shell's build writes, each with its page rendered in advance
 * (shell/build/prerender.mjs): the landing page (also every unknown path), the two forms, and an
 * empty app shell for the signed-in routes, which depend on who is signed in.
 */
export type PrerenderedPage = 'landing' | 'login' | 'register' | 'app';

/** The file of each page in `shell/dist/`. */
export const PRERENDERED_FILES: Record<PrerenderedPage, string> = {
  landing: 'index.html',
  login: 'login.html',
  register: 'register.html',
  app: 'app.html',
};

/** The path each prerendered page is rendered at. */
export const PRERENDERED_PATHS: Record<Exclude<PrerenderedPage, 'app'>, string> = {
  landing: '/',
  login: '/login',
  register: '/register',
};

/** Every route that is not the landing page, by the page that serves it (router.tsx). */
export const PAGE_BY_PATH: Readonly<Record<string, Exclude<PrerenderedPage, 'landing'>>> = {
  '/login': 'login',
  '/register': 'register',
  '/dashboard': 'app',
  '/summarize': 'app',
  '/history': 'app',
  '/credits': 'app',
  '/admin': 'app',
  '/editor': 'app',
  '/reviewer': 'app',
};

/**
 * The page whose prerendered HTML belongs to `pathname`, matching paths as the router does
 * (decoded, case-insensitive, trailing slashes ignored); anything else is the landing page.
 */
export function pageForPath(pathname: string): PrerenderedPage {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: match the raw path, which the router shows as the landing page.
  }
  path = path.toLowerCase().replace(/\/+$/, '') || '/';
  return PAGE_BY_PATH[path] ?? 'landing';
}

/** Set on `<html>` by the inline script when the page must be rendered afresh, not hydrated. */
export const FRESH_RENDER_ATTRIBUTE = 'data-render';

/**
 * The inline script at the top of each prerendered document. It runs before the first paint and
 * marks the document for a fresh render, which hides the prerendered markup, when someone is
 * signed in (the landing and the forms would redirect them) or when the document is not the one
 * this path renders (a static host that answers every path with index.html). When the visit will
 * use the page's own lazy chunk (`preload`: the form of /login or /register to hydrate, or the
 * signed-in layout of app.html), it starts downloading it at once, and only then, so no visitor
 * fetches a chunk they will not run. Same rules as `pageForPath` and the session check of
 * bootstrap.tsx, written out in plain ES5 because it runs before any bundle.
 */
export function renderModeScript(page: PrerenderedPage, preload?: string): string {
  const paths = JSON.stringify(PAGE_BY_PATH);
  const preloadWhen = page === 'app' ? 's&&k' : '!f';
  return (
    '(function(){try{var p=location.pathname;try{p=decodeURIComponent(p)}catch(e){}' +
    "p=p.toLowerCase().replace(/\\/+$/,'')||'/';" +
    `var m=${paths},l=localStorage,` +
    `s=!!(l.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})&&l.getItem(${JSON.stringify(USER_STORAGE_KEY)})),` +
    `k=(m[p]||'landing')===${JSON.stringify(page)},f=s||!k;` +
    `if(f)document.documentElement.setAttribute(${JSON.stringify(FRESH_RENDER_ATTRIBUTE)},'fresh');` +
    (preload
      ? `if(${preloadWhen}){var n=document.createElement('link');n.rel='preload';n.as='script';` +
        `n.href=${JSON.stringify(preload)};document.head.appendChild(n)}`
      : '') +
    '}catch(e){}})()'
  );
}

/** The style that keeps prerendered markup hidden while a fresh render is on its way. */
export const FRESH_RENDER_STYLE = `html[${FRESH_RENDER_ATTRIBUTE}="fresh"] #root{visibility:hidden}`;
