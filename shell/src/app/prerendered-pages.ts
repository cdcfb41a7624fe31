import type { EarlyRequest } from 'common/api-client';
import { FIRST_REQUEST_OF_PAGE } from 'common/early-requests';
import { DEFAULT_PORTAL_CONFIG } from 'common/portal-config';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from 'common/session-storage';

/**
 * The HTML documents the shell's build writes, each with its page rendered in advance
 * (shell/build/prerender.mjs): the landing page (also every unknown path), the two forms, the
 * public page of a shared summary (its loading state: the summary depends on the link), and an
 * empty app shell for the signed-in routes, which depend on who is signed in.
 */
export type PrerenderedPage = 'landing' | 'login' | 'register' | 'shared' | 'app';

/** The file of each page in `shell/dist/`. */
export const PRERENDERED_FILES: Record<PrerenderedPage, string> = {
  landing: 'index.html',
  login: 'login.html',
  register: 'register.html',
  shared: 'shared.html',
  app: 'app.html',
};

/** The path each prerendered page is rendered at. */
export const PRERENDERED_PATHS: Record<Exclude<PrerenderedPage, 'app'>, string> = {
  landing: '/',
  login: '/login',
  register: '/register',
  shared: '/s/prerendered',
};

/** The paths of shared summaries, `/s/<token>`, as routeKey leaves them (router.tsx `/s/:token`). */
export const SHARED_PAGE_PATH = /^\/s\/[^/]+$/;

/**
 * Path prefixes whose one-segment paths a document serves (pages.json `prefixes`): a shared
 * summary's page, whatever its token.
 */
export const PAGE_BY_PREFIX: Readonly<Record<string, Exclude<PrerenderedPage, 'landing'>>> = {
  '/s/': 'shared',
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
  const key = routeKey(pathname);
  if (SHARED_PAGE_PATH.test(key)) return 'shared';
  return PAGE_BY_PATH[key] ?? 'landing';
}

/** A path as the router matches it: decoded, lower-case, no trailing slash. */
export function routeKey(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: match the raw path, which the router shows as the landing page.
  }
  return path.toLowerCase().replace(/\/+$/, '') || '/';
}

/**
 * The user remote's pages by path (router.tsx): open to every signed-in user, so a signed-in
 * visit to one of them can start fetching what the page needs before the shell's bundles run.
 */
export const USER_REMOTE_PAGES: Readonly<Record<string, string>> = {
  '/dashboard': 'DashboardPage',
  '/summarize': 'SummarizePage',
  '/history': 'HistoryPage',
  '/credits': 'CreditsPage',
};

/** What app.html's inline script has started fetching (`window.__brevityEarly`). */
export interface EarlyFetches {
  /** The body of GET /api/config. */
  config?: Promise<unknown>;
  /** The user remote's mf-manifest.json: where it was read and its text. */
  manifest?: Promise<{ url: string; text: string }>;
  /** The page's first API request (FIRST_REQUEST_OF_PAGE), by its path and query. */
  requests?: Record<string, EarlyRequest>;
}

/** Takes what the inline script started, once: later readers fetch for themselves. */
export function takeEarlyFetches(): EarlyFetches {
  const early = (window as Window & { __brevityEarly?: EarlyFetches }).__brevityEarly ?? {};
  Reflect.deleteProperty(window, '__brevityEarly');
  return early;
}

/** Set on `<html>` by the inline script when the page must be rendered afresh, not hydrated. */
export const FRESH_RENDER_ATTRIBUTE = 'data-render';

/**
 * The inline script at the top of each prerendered document. It runs before the first paint and
 * marks the document for a fresh render, which hides the prerendered markup, when someone is
 * signed in (the landing and the forms would redirect them; not on a shared summary) or when the document is not the one
 * this path renders (a static host that answers every path with index.html). When the visit will
 * use the page's own lazy chunk (`preload`: the form of /login or /register to hydrate, or the
 * signed-in layout of app.html), it starts downloading it at once, and only then, so no visitor
 * fetches a chunk they will not run. Same rules as `pageForPath` and the session check of
 * bootstrap.tsx, written out in plain ES5 because it runs before any bundle.
 */
export function renderModeScript(
  page: PrerenderedPage,
  preload?: string,
  apiUrl: string = '',
): string {
  const paths = JSON.stringify(PAGE_BY_PATH);
  const preloadWhen = page === 'app' ? 's&&k' : '!f';
  return (
    '(function(){try{var p=location.pathname;try{p=decodeURIComponent(p)}catch(e){}' +
    "p=p.toLowerCase().replace(/\\/+$/,'')||'/';" +
    `var m=${paths},l=localStorage,` +
    `s=!!(l.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})&&l.getItem(${JSON.stringify(USER_STORAGE_KEY)})),` +
    `k=(/${SHARED_PAGE_PATH.source}/.test(p)?'shared':m[p]||'landing')===${JSON.stringify(page)},` +
    // A shared summary is for everyone: being signed in changes nothing on its page.
    `f=${page === 'shared' ? '!k' : 's||!k'};` +
    `if(f)document.documentElement.setAttribute(${JSON.stringify(FRESH_RENDER_ATTRIBUTE)},'fresh');` +
    (preload
      ? `if(${preloadWhen}){var n=document.createElement('link');n.rel='preload';n.as='script';` +
        `n.href=${JSON.stringify(preload)};document.head.appendChild(n)}`
      : '') +
    (page === 'app' ? earlyFetchScript(apiUrl) : '') +
    '}catch(e){}})()'
  );
}

/** The style that keeps prerendered markup hidden while a fresh render is on its way. */
export const FRESH_RENDER_STYLE = `html[${FRESH_RENDER_ATTRIBUTE}="fresh"] #root{visibility:hidden}`;

/**
 * The part of app.html's inline script that, for a signed-in visit (`s&&k`), asks for
 * /api/config and the page's first API request (FIRST_REQUEST_OF_PAGE) at once and, on a user
 * remote page, then for that remote's `mf-manifest.json`, instead of waiting for the shell's
 * bundles to download and run first. The promises are left on
 * `window.__brevityEarly` for the shell to adopt (takeEarlyFetches), and the page's remote files
 * are preloaded from the manifest (PRELOAD_PAGE_ASSETS); the shell still checks the manifest
 * before it runs any of the remote's code, and fetches for itself when these failed.
 */
/**
 * Given the manifest's text `t`, its URL `u` and the page's module `g`: preloads the remote's entry
 * and the page's own chunks and stylesheets, as the manifest lists them, so they download while
 * the shell's bundles still run. Preloading only downloads: nothing of the remote runs before the
 * shell has checked the manifest (remotes.ts). A manifest it cannot read preloads nothing.
 */
const PRELOAD_PAGE_ASSETS =
  'try{var j=JSON.parse(t),a=j.metaData,o=a.publicPath,x=j.exposes,h=[],i,w;' +
  "o=o==='auto'?u:o;if(typeof o==='string'){" +
  "h.push([(a.remoteEntry.path?a.remoteEntry.path+'/':'')+a.remoteEntry.name,'script']);" +
  'for(i=0;i<x.length;i++)if(x[i].name===g){w=x[i].assets;' +
  "w.js.sync.forEach(function(f){h.push([f,'script'])});" +
  "w.css.sync.forEach(function(f){h.push([f,'style'])})}" +
  "h.forEach(function(v){var n=document.createElement('link');n.rel='preload';n.as=v[1];" +
  'n.href=new URL(v[0],new URL(o,u)).href;document.head.appendChild(n)})}}catch(z){}';

function earlyFetchScript(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, '');
  return (
    'if(s&&k&&window.fetch){var e=window.__brevityEarly={},' +
    `c=e.config=fetch(${JSON.stringify(`${base}/api/config`)},{credentials:'same-origin'})` +
    '.then(function(r){if(!r.ok)throw Error(r.status);return r.json()});' +
    'c["catch"](function(){});' +
    // The page's own first request, at its plain address only (a ?page= or ?q= asks otherwise).
    `var q=${JSON.stringify(FIRST_REQUEST_OF_PAGE)}[p],t=l.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)});` +
    'if(q&&!location.search){var r=fetch(' +
    `${JSON.stringify(base)}+q,{headers:{Authorization:'Bearer '+t,Accept:'application/json'}});` +
    'r["catch"](function(){});e.requests={};e.requests[q]={token:t,response:r}}' +
    `var g=${JSON.stringify(USER_REMOTE_PAGES)}[p];` +
    'if(g){e.manifest=c.then(function(b){' +
    'var d=b&&b.data&&b.data.remotes&&b.data.remotes.user,' +
    `u=new URL('mf-manifest.json',new URL(d||${JSON.stringify(DEFAULT_PORTAL_CONFIG.remotes.user)},location.href)).href;` +
    "return fetch(u,{cache:'no-cache',credentials:'omit'}).then(function(r){" +
    'if(!r.ok)throw Error(r.status);return r.text().then(function(t){' +
    PRELOAD_PAGE_ASSETS +
    'return{url:u,text:t}})})});' +
    'e.manifest["catch"](function(){})}}'
  );
}
