import { createServer } from 'node:http';
import type { RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestConfig } from '../../test/test-app';
import { buildTextPdf } from '../../test/pdf-builder';
import { buildDocx } from '../../test/zip-builder';
import { DocumentError } from '../document-error';
import { createDocumentReader } from '../document-reader';
import type { FileDocument, ReadingProgress, ReadOptions } from '../document-reader';
import { FileExtractionPool } from '../file-extraction-pool';
import { closeArticlePool, extractArticle } from './article-extraction-pool';
import type { Resolver } from './fetch-page';
import { downloadedFileName, readWebPage } from './read-web-page';
import type { ReadWebPageOptions, WebPageDeps } from './read-web-page';

/*
 * Every page here comes from a server the test starts on 127.0.0.1 and allows by port; names
 * are resolved by injected resolvers. Nothing is sent to any other address.
 */

const servers: Server[] = [];

async function serve(handler: RequestListener): Promise<{ port: number; origin: string }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}` };
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map(closeServer));
});

afterAll(() => closeArticlePool());

/** A server answering every path of `pages` with its type and body, 404 otherwise. */
function pagesServer(pages: Record<string, { type: string; body: string | Buffer }>) {
  return serve((request, response) => {
    const page = pages[request.url ?? ''];
    if (page === undefined) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'Content-Type': page.type });
    response.end(page.body);
  });
}

/** A file reader that must not be called. */
const noFileReader: WebPageDeps['readFile'] = () =>
  Promise.reject(new Error('readFile was called'));

function deps(port: number | null, overrides: Partial<WebPageDeps> = {}): WebPageDeps {
  return {
    allowedHosts: port === null ? [] : [`127.0.0.1:${port}`],
    readFile: noFileReader,
    extractArticle,
    ...overrides,
  };
}

/** The DocumentError a read failed with (its kind and message). */
async function failureOf(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DocumentError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected the read to fail');
}

/** A resolver answering every name with `address`, counting the names it was asked. */
function resolverTo(address: string): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    return [{ address, family: 4 }];
  };
  return Object.assign(resolve, { asked });
}

const PROSE =
  'The city council met on Tuesday to discuss the budget. Members heard from residents, ' +
  'officials and several local businesses, who asked for more time to study the plan before ' +
  'a final vote is taken next month.';

const ARTICLE = `<!doctype html><html><head><title>Council budget</title></head><body>
  <nav><a href="/">Home</a> <a href="/news">News</a></nav>
  <article><h1>Council budget</h1><p>${PROSE}</p>
  <h2>Parks</h2><p>${PROSE} The parks will open longer in summer.</p>
  <h2>Libraries</h2><p>${PROSE} The libraries keep their hours.</p></article>
  <footer>Copyright the city</footer></body></html>`;

describe('readWebPage: what a page is read as', () => {
  it('reads an article page: its title, headings as headings, sections, final address', async () => {
    const { port, origin } = await serve((request, response) => {
      if (request.url === '/old') {
        response.writeHead(301, { Location: '/budget' });
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(ARTICLE);
    });
    const progress: ReadingProgress[] = [];
    const page = await readWebPage(`${origin}/old`, deps(port), {
      onProgress: (step) => progress.push(step),
    });
    expect(progress).toEqual([{ stage: 'fetching' }, { stage: 'reading' }]);
    expect(page).toMatchObject({
      url: `${origin}/budget`,
      title: 'Council budget',
      format: 'html',
      ocr: false,
      pageBreaks: [],
    });
    expect(page.text).toContain('\n\nParks\n\n');
    expect(page.text).not.toContain('Home');
    expect(page.text).not.toContain('Copyright');
    const parks = page.sections.find((section) => section.title === 'Parks');
    expect(parks).toMatchObject({ level: 2 });
    expect(page.text.slice(parks?.start, parks?.end)).toMatch(
      /^Parks\n\n.*open longer in summer\.$/s,
    );
    // The <h1> repeating the title is the title (Readability's rule), not a section.
    expect(page.sections.map(({ title, level }) => [title, level])).toEqual([
      ['Parks', 2],
      ['Libraries', 2],
    ]);
  });

  it('decodes a page in the charset its server names (windows-1252, Shift_JIS)', async () => {
    const html = ARTICLE.replace('<p>', '<p>\u201cQuoted\u201d \u20ac5 caf\u00e9. ');
    const shiftJis = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]); // 日本語
    const { port, origin } = await pagesServer({
      '/article': { type: 'text/html; charset=windows-1252', body: encode1252(html) },
      '/notes.txt': { type: 'text/plain; charset=Shift_JIS', body: shiftJis },
    });
    const article = await readWebPage(`${origin}/article`, deps(port));
    expect(article.text).toContain('\u201cQuoted\u201d \u20ac5 caf\u00e9.');
    const notes = await readWebPage(`${origin}/notes.txt`, deps(port));
    expect(notes.text).toBe('日本語');
  });

  it('reads text/plain as it is, in UTF-8 by default', async () => {
    const text = 'Minutes of the meeting.\n\nThe budget passed, naïvely or not.';
    const { port, origin } = await pagesServer({
      '/minutes': { type: 'text/plain', body: Buffer.from(text, 'utf8') },
      '/empty': { type: 'text/plain', body: '  \n ' },
    });
    expect(await readWebPage(`${origin}/minutes`, deps(port))).toEqual({
      text,
      format: 'txt',
      title: null,
      ocr: false,
      pageBreaks: [],
      sections: [],
      hiddenText: [],
      url: `${origin}/minutes`,
    });
    expect(await failureOf(readWebPage(`${origin}/empty`, deps(port)))).toEqual({
      kind: 'no-text',
      message: 'The page is empty: it holds no text to summarize.',
    });
  });

  it('hands an image to the file reader as a file named for the address', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const { port, origin } = await pagesServer({
      '/scans/page%201': { type: 'image/png', body: png },
      '/photos/board.jpeg': { type: 'image/jpeg', body: jpeg },
      '/photos/download.php': { type: 'image/webp', body: Buffer.from('RIFF0000WEBPVP8 ') },
    });
    const files: { name: string; bytes: Buffer }[] = [];
    const progress: ReadingProgress[] = [];
    const readFile = async (file: File, options: ReadOptions): Promise<FileDocument> => {
      files.push({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
      options.onProgress?.({ stage: 'reading' });
      options.onProgress?.({ stage: 'ocr', page: 1, pages: 1 });
      return {
        text: 'Read by OCR.',
        format: 'image',
        fileName: file.name,
        title: null,
        ocr: true,
        pageBreaks: [],
        sections: [],
        hiddenText: [],
      };
    };
    const page = await readWebPage(`${origin}/scans/page%201`, deps(port, { readFile }), {
      onProgress: (step) => progress.push(step),
    });
    expect(page).toEqual({
      text: 'Read by OCR.',
      format: 'image',
      title: null,
      ocr: true,
      pageBreaks: [],
      sections: [],
      hiddenText: [],
      url: `${origin}/scans/page%201`,
    });
    // `reading` once, then the file reader's own stages.
    expect(progress).toEqual([
      { stage: 'fetching' },
      { stage: 'reading' },
      { stage: 'ocr', page: 1, pages: 1 },
    ]);
    await readWebPage(`${origin}/photos/board.jpeg`, deps(port, { readFile }));
    await readWebPage(`${origin}/photos/download.php`, deps(port, { readFile }));
    expect(files.map(({ name }) => name)).toEqual(['page 1.png', 'board.jpeg', 'download.webp']);
    expect(files[0]?.bytes).toEqual(png);
  });

  it('names downloaded files by the last segment of the address', () => {
    expect(downloadedFileName(new URL('https://a.test/r/Report.PDF?x=1'), 'pdf')).toBe(
      'Report.PDF',
    );
    expect(downloadedFileName(new URL('https://a.test/'), 'docx')).toBe('a.test.docx');
    expect(downloadedFileName(new URL('https://a.test/files/.pdf'), 'pdf')).toBe('a.test.pdf');
    expect(downloadedFileName(new URL('https://a.test/get?id=4'), 'jpeg')).toBe('get.jpg');
  });

  it('refuses other content, naming its type', async () => {
    const { port, origin } = await pagesServer({
      '/meeting.ics': { type: 'text/calendar; charset=utf-8', body: 'BEGIN:VCALENDAR' },
      '/fake.pdf': { type: 'application/octet-stream', body: 'not a pdf at all' },
      '/untyped': { type: '', body: '\u0000\u0001binary' },
      '/odd': { type: 'application/<b>look here</b>', body: 'x' },
    });
    expect(await failureOf(readWebPage(`${origin}/meeting.ics`, deps(port)))).toEqual({
      kind: 'unsupported',
      message:
        'The address gave text/calendar content: Brevity reads web pages, plain text, PDF, .docx and PNG, JPEG or WebP images.',
    });
    expect(await failureOf(readWebPage(`${origin}/fake.pdf`, deps(port)))).toMatchObject({
      kind: 'unsupported',
      message: expect.stringMatching(/^The address gave application\/octet-stream content/),
    });
    expect((await failureOf(readWebPage(`${origin}/untyped`, deps(port)))).kind).toBe(
      'unsupported',
    );
    // The server's own words are quoted only when they are a plain media type.
    expect((await failureOf(readWebPage(`${origin}/odd`, deps(port)))).message).toMatch(
      /^The address gave content of an unknown type:/,
    );
  });

  it('says when the page has no article, or asks to sign in', async () => {
    const { port, origin } = await pagesServer({
      '/index': {
        type: 'text/html',
        body: '<html><body><h1>Latest</h1><ul><li><a href="/1">One</a></li></ul></body></html>',
      },
      '/login': {
        type: 'text/html',
        body: `<html><head><title>Sign in</title></head><body><main><h1>Sign in</h1>
          <p>Subscribers only. Sign in with your email address and password to keep reading.</p>
          <form><input type="email" name="email"><input type="password" name="password">
          <button>Sign in</button></form></main></body></html>`,
      },
    });
    expect(await failureOf(readWebPage(`${origin}/index`, deps(port)))).toEqual({
      kind: 'no-text',
      message: 'The page had no article.',
    });
    expect(await failureOf(readWebPage(`${origin}/login`, deps(port)))).toMatchObject({
      kind: 'no-text',
      message: expect.stringMatching(/asks to sign in/),
    });
  });
});

describe('readWebPage: addresses it may not read', () => {
  it('refuses other schemes and credentials, sending nothing anywhere', async () => {
    const resolve = resolverTo('93.184.216.34');
    for (const address of [
      'ftp://example.test/a.txt',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(await failureOf(readWebPage(address, deps(null, { resolve }))), address).toEqual({
        kind: 'not-allowed',
        message: 'Only http and https addresses can be read.',
      });
    }
    expect(
      await failureOf(readWebPage('https://user:secret@example.test/', deps(null, { resolve }))),
    ).toEqual({
      kind: 'not-allowed',
      message: 'Addresses with a user name or password are not read.',
    });
    expect(resolve.asked).toEqual([]);
  });

  it('refuses a port other than 80 and 443 unless the host and port are allowed', async () => {
    let requests = 0;
    const { port, origin } = await serve((_request, response) => {
      requests += 1;
      response.end('private');
    });
    const resolve = resolverTo('93.184.216.34');
    expect(
      await failureOf(readWebPage('http://example.test:8080/', deps(null, { resolve }))),
    ).toEqual({
      kind: 'not-allowed',
      message: 'Only ports 80 and 443 can be read (this address uses 8080).',
    });
    expect(await failureOf(readWebPage(`${origin}/`, deps(null)))).toEqual({
      kind: 'not-allowed',
      message: `Only ports 80 and 443 can be read (this address uses ${port}).`,
    });
    expect(requests).toBe(0);
  });

  it('refuses a redirect to a local port that is not allowed', async () => {
    let secretRequests = 0;
    const secret = await serve((_request, response) => {
      secretRequests += 1;
      response.end('metadata');
    });
    const { port, origin } = await serve((_request, response) => {
      response.writeHead(302, { Location: `${secret.origin}/latest/meta-data` });
      response.end();
    });
    expect(await failureOf(readWebPage(`${origin}/`, deps(port)))).toEqual({
      kind: 'not-allowed',
      message: `The page redirected to an address that cannot be read. Only ports 80 and 443 can be read (this address uses ${secret.port}).`,
    });
    expect(secretRequests).toBe(0);
  });

  it('refuses a name that resolves to an internal address, before connecting', async () => {
    const resolve = resolverTo('10.0.0.1');
    expect(
      await failureOf(readWebPage('https://intranet.example.test/', deps(null, { resolve }))),
    ).toEqual({
      kind: 'not-allowed',
      message: 'The address intranet.example.test is not on the public internet.',
    });
    expect(resolve.asked).toEqual(['intranet.example.test']);
  });
});

describe('readWebPage: pages that cannot be read', () => {
  it('says so when the name does not resolve or the connection is refused', async () => {
    const missing: Resolver = () =>
      Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(
      await failureOf(
        readWebPage('https://nowhere.example.test/', deps(null, { resolve: missing })),
      ),
    ).toEqual({
      kind: 'unreachable',
      message: 'The address nowhere.example.test could not be found.',
    });
    const { port } = await serve((_request, response) => response.end());
    const closed = servers.pop();
    if (closed !== undefined) await closeServer(closed);
    expect(await failureOf(readWebPage(`http://127.0.0.1:${port}/`, deps(port)))).toEqual({
      kind: 'unreachable',
      message: `The page at 127.0.0.1:${port} could not be reached.`,
    });
  });

  it('names the status of a page that answers 404 or 500', async () => {
    const { port, origin } = await serve((request, response) => {
      response.writeHead(request.url === '/gone' ? 404 : 500);
      response.end('no');
    });
    expect(await failureOf(readWebPage(`${origin}/gone`, deps(port)))).toEqual({
      kind: 'unreachable',
      message: 'The page answered 404 Not Found.',
    });
    expect(await failureOf(readWebPage(`${origin}/broken`, deps(port)))).toEqual({
      kind: 'unreachable',
      message: 'The page answered 500 Internal Server Error.',
    });
  });

  it('gives up on a page that never finishes (10 s by default)', async () => {
    const { port, origin } = await serve((request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      if (request.url === '/quick') response.end(ARTICLE);
      else response.write('<p>Still loading');
    });
    const started = Date.now();
    expect(await failureOf(readWebPage(`${origin}/slow`, deps(port), { timeoutMs: 300 }))).toEqual({
      kind: 'unreachable',
      message: 'The page did not finish within 0.3 seconds.',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    await readWebPage(`${origin}/quick`, deps(port));
    expect(timeout).toHaveBeenCalledWith(10_000);
  });

  it('cuts off a body that never ends at 10 MB, without reading on', async () => {
    let sent = 0;
    let cut = false;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const { port, origin } = await serve((_request, response: ServerResponse) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.on('close', () => {
        cut = true;
      });
      // As fast as the reader takes it, forever (a "2 GB" body and more).
      const pump = (): void => {
        while (!response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
    expect(await failureOf(readWebPage(`${origin}/endless`, deps(port)))).toEqual({
      kind: 'too-large',
      message: 'The page is larger than 10 MB.',
    });
    await vi.waitFor(() => expect(cut).toBe(true));
    // 10 MB were read; the rest is what the sockets' buffers held when the reader hung up.
    expect(sent).toBeGreaterThan(10 * 1024 * 1024);
    expect(sent).toBeLessThan(40 * 1024 * 1024);
  });

  it('stops when its signal is aborted, rejecting with the reason', async () => {
    const { port, origin } = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.write('<p>Still loading');
    });
    const stop = new AbortController();
    const reason = new Error('The person pressed Stop');
    const progress: ReadingProgress[] = [];
    const reading = readWebPage(`${origin}/slow`, deps(port), {
      signal: stop.signal,
      onProgress: (step) => progress.push(step),
    });
    setTimeout(() => stop.abort(reason), 100);
    await expect(reading).rejects.toBe(reason);
    expect(progress).toEqual([{ stage: 'fetching' }]);
    await expect(readWebPage(`${origin}/slow`, deps(port), { signal: stop.signal })).rejects.toBe(
      reason,
    );
  });

  it('stops an article being read when its signal is aborted', async () => {
    const { port, origin } = await pagesServer({ '/a': { type: 'text/html', body: ARTICLE } });
    const stop = new AbortController();
    const reason = new Error('Stop');
    const never: WebPageDeps['extractArticle'] = () => new Promise(() => undefined);
    const options: ReadWebPageOptions = {
      signal: stop.signal,
      onProgress: ({ stage }) => {
        if (stage === 'reading') setTimeout(() => stop.abort(reason), 10);
      },
    };
    await expect(
      readWebPage(`${origin}/a`, deps(port, { extractArticle: never }), options),
    ).rejects.toBe(reason);
  });
});

describe('DocumentReader.readUrl', () => {
  it('reads a PDF and a .docx at an address with the reader’s own file reader', async () => {
    const pdf = buildTextPdf([
      { paragraphs: [['The council approved the budget for the coming year.']] },
    ]);
    const docx = buildDocx(['Minutes: the parks will open longer in summer.']);
    const { port, origin } = await pagesServer({
      '/files/report.pdf': { type: 'application/pdf', body: pdf },
      '/files/minutes': {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        body: docx,
      },
      '/download/report.pdf': { type: 'application/octet-stream', body: pdf },
      '/download/minutes.docx': { type: 'application/octet-stream', body: docx },
      '/article': { type: 'text/html', body: ARTICLE },
    });
    const reader = createDocumentReader({
      fileExtractor: new FileExtractionPool(createTestConfig().extraction),
      allowedHosts: [`127.0.0.1:${port}`],
    });
    try {
      expect(await reader.readUrl(`${origin}/files/report.pdf`)).toMatchObject({
        format: 'pdf',
        text: expect.stringContaining('The council approved the budget'),
        url: `${origin}/files/report.pdf`,
      });
      expect(await reader.readUrl(`${origin}/files/minutes`)).toMatchObject({
        format: 'docx',
        text: expect.stringMatching(/^Minutes: the parks will open longer in summer\.\s*$/),
      });
      // Untyped, but named .pdf and starting as one.
      expect((await reader.readUrl(`${origin}/download/report.pdf`)).format).toBe('pdf');
      expect((await reader.readUrl(`${origin}/download/minutes.docx`)).format).toBe('docx');
      expect(await reader.readUrl(`${origin}/article`)).toMatchObject({
        format: 'html',
        title: 'Council budget',
      });
      expect(await failureOf(reader.readUrl('http://127.0.0.1/'))).toEqual({
        kind: 'not-allowed',
        message: 'The address 127.0.0.1 is not on the public internet.',
      });
    } finally {
      await reader.close();
    }
  });
});

/** `text` in windows-1252 (the characters used here are all in it). */
function encode1252(text: string): Buffer {
  const high: Record<string, number> = { '\u201c': 0x93, '\u201d': 0x94, '\u20ac': 0x80 };
  return Buffer.from(Array.from(text, (char) => high[char] ?? char.charCodeAt(0)));
}
