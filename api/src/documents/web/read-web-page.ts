import { documentSections } from '../../lib/document-sections';
import { DocumentError } from '../document-error';
import type { FileDocument, ReadOptions, WebDocument } from '../document';
import type { extractArticle as extractArticleInThread } from './article-extraction-pool';
import { fetchPage } from './fetch-page';
import type { Resolver } from './fetch-page';
import { decodePlainText } from './html-text';

/*
 * A web address's text (issue 27): the page fetched under fetch-page.ts's rules, then read by
 * what it turned out to be. HTML is read for its article in a worker thread; plain text is
 * decoded in its charset; a PDF, a .docx or an image is read as an uploaded file would be, by
 * the reader's own file reader. Anything else is refused, naming its type. Every failure is a
 * DocumentError, except an abort, which rejects with the signal's reason.
 */

/** What reading a web page needs, injected so tests can replace any of it. */
export interface WebPageDeps {
  /** Hosts allowed although internal (FETCH_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** The resolver of host names; the system's by default. */
  resolve?: Resolver | undefined;
  /** Reads a downloaded PDF, .docx or image as an upload (the reader's own `readFile`). */
  readFile(file: File, options: ReadOptions): Promise<FileDocument>;
  /** Reads an HTML page's article (in a worker thread, in production). */
  extractArticle: typeof extractArticleInThread;
}

export interface ReadWebPageOptions extends ReadOptions {
  /** The fetch's time limit in ms (default 10 s, API.md round 3); tests shorten it. */
  timeoutMs?: number | undefined;
  /** The body's size limit in bytes (default 10 MB). */
  maxBytes?: number | undefined;
}

/** The kinds of downloaded document handed to the file reader, with their extensions. */
export type DownloadedKind = 'pdf' | 'docx' | 'png' | 'jpeg' | 'webp';

const EXTENSIONS: Record<DownloadedKind, readonly [string, ...string[]]> = {
  pdf: ['.pdf'],
  docx: ['.docx'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  webp: ['.webp'],
};

const MEDIA_TYPES: Record<string, DownloadedKind> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/webp': 'webp',
};

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Types that say nothing of the content: the address's extension and the bytes decide. */
const UNNAMED_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

function startsWith(body: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, index) => body[at + index] === byte);
}

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

/** Whether the bytes are what a file of `kind` starts with. */
function hasMagic(kind: DownloadedKind, body: Uint8Array): boolean {
  switch (kind) {
    case 'pdf':
      // Readers accept the header anywhere in the first kilobyte.
      return Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, 1024))
        .toString('latin1')
        .includes('%PDF-');
    case 'docx':
      return startsWith(body, [0x50, 0x4b, 0x03, 0x04]);
    case 'png':
      return startsWith(body, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpeg':
      return startsWith(body, [0xff, 0xd8, 0xff]);
    case 'webp':
      return startsWith(body, ascii('RIFF')) && startsWith(body, ascii('WEBP'), 8);
  }
}

/** The last segment of the address's path, decoded ('' for `/`). */
function lastSegment(url: URL): string {
  const segment = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The downloaded kind an address's extension names, if any. */
function kindOfExtension(url: URL): DownloadedKind | null {
  const name = lastSegment(url).toLowerCase();
  const kinds = Object.keys(EXTENSIONS) as DownloadedKind[];
  return (
    kinds.find((kind) => EXTENSIONS[kind].some((extension) => name.endsWith(extension))) ?? null
  );
}

/** Whether bytes the server did not type look like an HTML page. */
function looksLikeHtml(body: Uint8Array): boolean {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, 512))
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart()
    .toLowerCase();
  return /^<(?:!doctype html|html|head|body|!--)/.test(head);
}

/** A file's name for the downloaded document: the address's last segment, with the kind's extension. */
export function downloadedFileName(url: URL, kind: DownloadedKind): string {
  const segment = lastSegment(url).trim();
  const extensions = EXTENSIONS[kind];
  const lower = segment.toLowerCase();
  if (extensions.some((extension) => lower.endsWith(extension) && lower !== extension)) {
    return segment;
  }
  const stem = segment.replace(/\.[^.]*$/, '').trim();
  return `${stem === '' ? url.hostname || 'document' : stem}${extensions[0]}`;
}

/** A media type fit to quote back: the server chose it, so only a plain `type/subtype`. */
const QUOTABLE_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

function unsupportedType(mediaType: string): DocumentError {
  const what =
    mediaType === ''
      ? 'content of no stated type'
      : QUOTABLE_TYPE.test(mediaType)
        ? `${mediaType} content`
        : 'content of an unknown type';
  return new DocumentError(
    'unsupported',
    `The address gave ${what}: Brevity reads web pages, plain text, PDF, .docx and PNG, JPEG or WebP images.`,
  );
}

type PageKind = { reader: 'html' } | { reader: 'text' } | { reader: 'file'; kind: DownloadedKind };

/** How to read a fetched page: by its media type, else by its address's extension and bytes. */
function pageKind(mediaType: string, url: URL, body: Uint8Array): PageKind {
  if (HTML_TYPES.has(mediaType)) return { reader: 'html' };
  if (mediaType === 'text/plain') return { reader: 'text' };
  const named = MEDIA_TYPES[mediaType];
  if (named !== undefined) return { reader: 'file', kind: named };
  if (UNNAMED_TYPES.has(mediaType)) {
    const byExtension = kindOfExtension(url);
    if (byExtension !== null && hasMagic(byExtension, body)) {
      return { reader: 'file', kind: byExtension };
    }
    if (mediaType === '' && looksLikeHtml(body)) return { reader: 'html' };
  }
  throw unsupportedType(mediaType);
}

/** `work`, or the signal's reason as soon as it is aborted (the work itself runs on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export const EMPTY_TEXT_PAGE_MESSAGE = 'The page is empty: it holds no text to summarize.';

/**
 * The text of the page or document at `address`, with its title and final address. Progress:
 * `fetching`, then `reading` (then whatever the file reader reports, e.g. `ocr`). Fails with a
 * DocumentError: `not-allowed`, `unreachable` and `too-large` from the fetch; `unsupported` for
 * content of another type; `no-text` for a page without an article, a sign-in page or an empty
 * text; `busy`, `timed-out`, `too-large` from the article threads; the file reader's own errors.
 */
export async function readWebPage(
  address: string,
  deps: WebPageDeps,
  options: ReadWebPageOptions = {},
): Promise<WebDocument> {
  const { signal, onProgress, timeoutMs, maxBytes, owner, includeHidden } = options;
  onProgress?.({ stage: 'fetching' });
  const page = await fetchPage(address, {
    allowedHosts: deps.allowedHosts,
    ...(deps.resolve === undefined ? {} : { resolve: deps.resolve }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(maxBytes === undefined ? {} : { maxBytes }),
    ...(signal === undefined ? {} : { signal }),
  });
  signal?.throwIfAborted();
  const url = new URL(page.url);
  const kind = pageKind(page.mediaType, url, page.body);
  onProgress?.({ stage: 'reading' });

  if (kind.reader === 'html') {
    const article = await untilAborted(
      deps.extractArticle(page.body, page.charset, page.url, { owner, includeHidden }),
      signal,
    );
    return {
      text: article.text,
      format: 'html',
      title: article.title,
      ocr: false,
      pageBreaks: [],
      sections: article.sections,
      hiddenText: article.hiddenText,
      url: page.url,
    };
  }

  if (kind.reader === 'text') {
    const text = decodePlainText(page.body, page.charset);
    if (text.trim() === '') throw new DocumentError('no-text', EMPTY_TEXT_PAGE_MESSAGE);
    return {
      text,
      format: 'txt',
      title: null,
      ocr: false,
      pageBreaks: [],
      sections: documentSections(text),
      hiddenText: [],
      url: page.url,
    };
  }

  const file = new File([new Uint8Array(page.body)], downloadedFileName(url, kind.kind));
  const document = await untilAborted(
    deps.readFile(file, {
      owner,
      signal,
      includeHidden,
      // `reading` was said already; the file reader's later stages (OCR) pass through.
      onProgress: (progress) => {
        if (progress.stage !== 'reading') onProgress?.(progress);
      },
    }),
    signal,
  );
  return {
    text: document.text,
    format: document.format,
    title: document.title,
    ocr: document.ocr,
    pageBreaks: document.pageBreaks,
    sections: document.sections,
    hiddenText: document.hiddenText,
    url: page.url,
  };
}
