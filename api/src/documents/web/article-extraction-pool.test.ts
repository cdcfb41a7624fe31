import { afterEach, describe, expect, it } from 'vitest';
import { ArticleExtractionPool, closeArticlePool, extractArticle } from './article-extraction-pool';
import { DocumentError } from '../document-error';
import { htmlText } from './html-text';

const URL = 'https://news.example/2026/11/council-budget';

const PARAGRAPH =
  'The city council met on Tuesday to discuss the budget. Members heard from residents, ' +
  'officials and several local businesses, who asked for more time to study the plan before ' +
  'a final vote is taken next month. The mayor said the proposal would be revised.';

const ARTICLE = Buffer.from(
  `<html><head><title>Council budget</title></head><body><nav><a href="/">Home</a></nav>
  <article><p>${PARAGRAPH}</p><h2>Parks</h2><p>${PARAGRAPH}</p></article></body></html>`,
);

/** A page a parser takes many seconds over: 100,000 elements nested in each other. */
function nestedPage(depth: number): Buffer {
  return Buffer.from(
    `<html><body>${'<div>'.repeat(depth)}<p>${PARAGRAPH}</p>${'</div>'.repeat(depth)}</body></html>`,
  );
}

async function failureOf(promise: Promise<unknown>): Promise<DocumentError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error('The page was read');
}

const pools: ArticleExtractionPool[] = [];
function pool(options: ConstructorParameters<typeof ArticleExtractionPool>[0] = {}) {
  const created = new ArticleExtractionPool(options);
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
  await closeArticlePool();
});

describe('ArticleExtractionPool', () => {
  it('reads a page in a worker thread as htmlText does, reusing its threads', async () => {
    const articles = pool({ concurrency: 2 });
    const expected = htmlText(ARTICLE, 'utf-8', URL);
    expect(await articles.extract(ARTICLE, 'utf-8', URL)).toEqual(expected);
    expect(articles.threadCount).toBe(1);
    const many = await Promise.all(
      Array.from({ length: 5 }, () => articles.extract(ARTICLE, 'utf-8', URL)),
    );
    expect(many).toEqual(Array.from({ length: 5 }, () => expected));
    expect(articles.threadCount).toBeLessThanOrEqual(2);
    expect(expected.sections).toEqual([
      { title: 'Parks', level: 2, start: PARAGRAPH.length + 2, end: expected.text.length },
    ]);
  });

  it('passes no-text back as a DocumentError, and keeps the thread', async () => {
    const articles = pool({ concurrency: 1 });
    const error = await failureOf(
      articles.extract(Buffer.from('<html><body><p>Nothing here.</p></body></html>'), null, URL),
    );
    expect(error.kind).toBe('no-text');
    expect(articles.threadCount).toBe(1);
    expect((await articles.extract(ARTICLE, null, URL)).title).toBe('Council budget');
  });

  it('stops a page past its time limit without holding the event loop, then reads the next', async () => {
    const articles = pool({ concurrency: 1 });
    // The thread starts (and loads tsx) before the clock of the page runs.
    await articles.extract(ARTICLE, 'utf-8', URL);
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 10);
    const started = performance.now();
    const error = await failureOf(
      articles.extract(nestedPage(100_000), 'utf-8', URL, { timeoutMs: 300 }),
    );
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(error.kind).toBe('timed-out');
    expect(elapsed).toBeLessThan(5_000);
    expect(ticks).toBeGreaterThan(5);
    expect((await articles.extract(ARTICLE, 'utf-8', URL)).title).toBe('Council budget');
  });

  it('stops a page that needs more memory than a thread may use', async () => {
    const articles = pool({ concurrency: 1, memoryMb: 48 });
    await articles.extract(ARTICLE, 'utf-8', URL);
    const huge = Buffer.from(
      `<html><body><article>${`<p>${PARAGRAPH}</p>`.repeat(40_000)}</article></body></html>`,
    );
    const error = await failureOf(articles.extract(huge, 'utf-8', URL, { timeoutMs: 20_000 }));
    expect(error.kind).toBe('too-large');
    expect((await articles.extract(ARTICLE, 'utf-8', URL)).title).toBe('Council budget');
  });

  it('refuses a page as busy when too many wait', async () => {
    const articles = pool({ concurrency: 1, maxQueued: 1 });
    const first = articles.extract(ARTICLE, null, URL);
    const second = articles.extract(ARTICLE, null, URL);
    expect((await failureOf(articles.extract(ARTICLE, null, URL))).kind).toBe('busy');
    await Promise.all([first, second]);
  });

  it('gives waiting pages to the thread in turn', async () => {
    const articles = pool({ concurrency: 1 });
    const slow = articles.extract(nestedPage(100_000), null, URL, { timeoutMs: 300 });
    const next = articles.extract(ARTICLE, null, URL);
    expect((await failureOf(slow)).kind).toBe('timed-out');
    expect((await next).title).toBe('Council budget');
  });
});

describe('ArticleExtractionPool: one page per owner at a time', () => {
  it('keeps a thread free for others while one owner sends slow pages', async () => {
    const articles = pool({ concurrency: 2 });
    // Both threads started (and tsx loaded) before the clock runs.
    await Promise.all([articles.extract(ARTICLE, null, URL), articles.extract(ARTICLE, null, URL)]);
    expect(articles.threadCount).toBe(2);
    const settledAt: Record<string, number> = {};
    const track = (name: string, reading: Promise<unknown>) =>
      reading.then(
        () => (settledAt[name] = performance.now()),
        () => (settledAt[name] = performance.now()),
      );
    const slow = { timeoutMs: 1_500, owner: 'flooder' };
    const first = track('first', articles.extract(nestedPage(100_000), null, URL, slow));
    const second = track('second', articles.extract(nestedPage(100_000), null, URL, slow));
    const other = track('other', articles.extract(ARTICLE, null, URL, { owner: 'someone else' }));
    await Promise.all([first, second, other]);
    // The other owner's page did not wait for the flooder's pages; theirs ran one after another.
    expect(settledAt.other).toBeLessThan(settledAt.first ?? 0);
    expect(settledAt.second).toBeGreaterThan((settledAt.first ?? 0) + 1_000);
  });
});

describe('extractArticle', () => {
  it('reads through the shared pool', async () => {
    const article = await extractArticle(ARTICLE, 'utf-8', URL, { timeoutMs: 10_000 });
    expect(article.text).toBe(`${PARAGRAPH}\n\nParks\n\n${PARAGRAPH}`);
  });
});

describe('ArticleExtractionPool: its defaults', () => {
  it('keeps an idle thread for the next page, and refuses past 32 waiting, with no options given', async () => {
    const articles = pool({ concurrency: 1 });
    await articles.extract(ARTICLE, null, URL);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(articles.threadCount).toBe(1);
    const slow = articles.extract(nestedPage(100_000), null, URL, { timeoutMs: 300 });
    const waiting = Array.from({ length: 32 }, () => articles.extract(ARTICLE, null, URL));
    expect((await failureOf(articles.extract(ARTICLE, null, URL))).kind).toBe('busy');
    await failureOf(slow);
    await Promise.all(waiting);
  });
});
