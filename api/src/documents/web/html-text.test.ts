import { describe, expect, it } from 'vitest';
import { DocumentError } from '../document-error';
import { decodeHtml, htmlText, metaCharset } from './html-text';

const URL = 'https://news.example/2026/11/council-budget';

/** A paragraph long enough for Readability to take the page as an article. */
function prose(topic: string): string {
  return (
    `The city council met on Tuesday to discuss ${topic}. Members heard from residents, ` +
    `officials and several local businesses, who asked for more time to study the plan before ` +
    `a final vote is taken next month. The mayor said the proposal would be revised.`
  );
}

function page(article: string, head = '', extra = ''): string {
  return `<!doctype html><html><head>${head}<title>Council budget</title></head><body>
    <nav><a href="/">Home</a> <a href="/news">News</a> NAVIGATION_LINKS</nav>
    ${extra}
    <article>${article}</article>
    <footer>Copyright FOOTER_TEXT</footer>
  </body></html>`;
}

function articleOf(html: string | Uint8Array, charset: string | null = 'utf-8') {
  const bytes = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
  return htmlText(bytes, charset, URL);
}

function noArticle(html: string): DocumentError {
  try {
    articleOf(html);
  } catch (error) {
    if (error instanceof DocumentError) return error;
    throw error;
  }
  throw new Error('htmlText found an article');
}

describe('decodeHtml', () => {
  it('decodes in the charset the server named (ISO-8859-1)', () => {
    const bytes = Buffer.from('<p>Caf\u00e9 cr\u00e8me \u00e0 la gare</p>', 'latin1');
    expect(decodeHtml(bytes, 'iso-8859-1')).toBe('<p>Café crème à la gare</p>');
    // WHATWG reads ISO-8859-1 as windows-1252: 0x93 and 0x94 are curly quotes, not controls.
    expect(decodeHtml(Buffer.from([0x93, 0x41, 0x94]), 'ISO-8859-1')).toBe('\u201cA\u201d');
  });

  it('reads windows-1252 from a meta http-equiv when the server named none', () => {
    const head = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">';
    const bytes = Buffer.concat([
      Buffer.from(`<html><head>${head}</head><body><p>`, 'latin1'),
      Buffer.from([0x93, 0x41, 0x94, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0x9f]),
      Buffer.from('</p></body></html>', 'latin1'),
    ]);
    expect(metaCharset(bytes)).toBe('windows-1252');
    expect(decodeHtml(bytes, null)).toContain('<p>\u201cA\u201d \u20ac5 \u2013 \u0178</p>');
  });

  it('reads Shift_JIS from a meta charset', () => {
    const bytes = Buffer.concat([
      Buffer.from('<html><head><meta charset="Shift_JIS"></head><body><p>', 'latin1'),
      // 日本語 in Shift_JIS.
      Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]),
      Buffer.from('</p></body></html>', 'latin1'),
    ]);
    expect(decodeHtml(bytes, null)).toContain('<p>日本語</p>');
  });

  it("prefers the server's charset to the page's meta, and a BOM to both", () => {
    const html = '<meta charset="windows-1252"><p>\u00e9t\u00e9</p>';
    expect(decodeHtml(Buffer.from(html, 'utf8'), 'utf-8')).toContain('été');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html, 'utf8')]);
    expect(decodeHtml(bom, 'iso-8859-1')).toContain('été');
  });

  it('falls back to the meta, then to UTF-8, when a label is unknown', () => {
    const html = Buffer.from('<meta charset="latin1"><p>\u00e9</p>', 'latin1');
    expect(decodeHtml(html, 'no-such-charset')).toContain('<p>é</p>');
    expect(decodeHtml(Buffer.from('<p>\u00e9</p>', 'utf8'), null)).toBe('<p>é</p>');
  });

  it('ignores a meta inside a comment or a script, and a UTF-16 meta on ASCII bytes', () => {
    const commented = Buffer.from('<!-- <meta charset="shift_jis"> --><p>\u00e9</p>', 'utf8');
    expect(decodeHtml(commented, null)).toBe(commented.toString('utf8'));
    const utf16 = Buffer.from('<meta charset="utf-16"><p>\u00e9</p>', 'utf8');
    expect(decodeHtml(utf16, null)).toBe(utf16.toString('utf8'));
  });
});

describe('htmlText', () => {
  it('reads a Shift_JIS page named by its meta into Japanese text', () => {
    const japanese =
      '市議会は火曜日に新しい予算について話し合いました。住民や企業から多くの意見が寄せられ、最終的な投票は来月に行われる予定です。';
    const html = `<html><head><meta charset="shift_jis"><title>予算</title></head><body><article><p>${japanese.repeat(6)}</p></article></body></html>`;
    // TextDecoder decodes Shift_JIS but Node cannot encode it: take the bytes from ICU's decoder.
    const bytes = shiftJis(html);
    const article = htmlText(bytes, null, URL);
    expect(article.text).toContain('市議会は火曜日に新しい予算について話し合いました。');
    expect(article.title).toBe('予算');
  });

  it('keeps headings on lines of their own, as sections with their spans', () => {
    const html = page(`
      <h1>Council budget</h1>
      <p>${prose('the budget')}</p>
      <h2>Parks</h2>
      <p>${prose('the parks')}</p>
      <h3>Playgrounds</h3>
      <p>${prose('the playgrounds')}</p>
      <h2>Libraries</h2>
      <p>${prose('the libraries')}</p>
      <ul><li>Opening hours are longer on weekdays and weekends alike.</li><li>Two branches get new reading rooms for children and teenagers.</li></ul>`);
    const { text, sections } = articleOf(html);
    expect(sections.map(({ title, level }) => [title, level])).toEqual([
      ['Parks', 2],
      ['Playgrounds', 3],
      ['Libraries', 2],
    ]);
    const [parks, playgrounds, libraries] = sections;
    expect(text.slice(parks?.start, parks?.end)).toBe(
      `Parks\n\n${prose('the parks')}\n\nPlaygrounds\n\n${prose('the playgrounds')}`,
    );
    expect(text.slice(playgrounds?.start, playgrounds?.end)).toBe(
      `Playgrounds\n\n${prose('the playgrounds')}`,
    );
    expect(libraries?.end).toBe(text.length);
    expect(text.slice(libraries?.start)).toBe(
      `Libraries\n\n${prose('the libraries')}\n\n` +
        'Opening hours are longer on weekdays and weekends alike.\n' +
        'Two branches get new reading rooms for children and teenagers.',
    );
    // Paragraphs apart by a blank line, from the first one on.
    expect(text.startsWith(`${prose('the budget')}\n\nParks\n\n`)).toBe(true);
  });

  it('never lets scripts, styles, navigation or hidden parts into the text', () => {
    const html = page(
      `<p>${prose('the budget')}</p>
       <script>var SCRIPT_TEXT = 1;</script>
       <style>.STYLE_TEXT { color: red }</style>
       <noscript>NOSCRIPT_TEXT</noscript>
       <template><p>TEMPLATE_TEXT</p></template>
       <p hidden>HIDDEN_TEXT</p>
       <div style="display: none">DISPLAY_NONE_TEXT</div>
       <span aria-hidden="true">ARIA_HIDDEN_TEXT</span>
       <nav><a href="/a">NAV_INSIDE_ARTICLE</a></nav>
       <p>${prose('the parks')}</p>`,
      '<style>body { STYLE_IN_HEAD: 1 }</style><script>HEAD_SCRIPT()</script>',
    );
    const { text } = articleOf(html);
    expect(text).toContain(prose('the parks'));
    for (const leak of [
      'SCRIPT_TEXT',
      'STYLE_TEXT',
      'NOSCRIPT_TEXT',
      'TEMPLATE_TEXT',
      'HIDDEN_TEXT',
      'DISPLAY_NONE_TEXT',
      'ARIA_HIDDEN_TEXT',
      'NAV_INSIDE_ARTICLE',
      'NAVIGATION_LINKS',
      'FOOTER_TEXT',
      'STYLE_IN_HEAD',
      'HEAD_SCRIPT',
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  it('drops share bars, bylines, captions and related links inside the article', () => {
    const html = page(`
      <div class="share-bar"><a href="/s">Share on Facebook</a> <a href="/t">Tweet</a></div>
      <p>By Jane Reporter</p>
      <p>${prose('the budget')}</p>
      <figure><img src="/a.jpg" alt=""><figcaption>The council chamber on Tuesday.</figcaption></figure>
      <p><img src="/b.jpg" alt=""></p><span class="newsCaption">The mayor speaking to residents after the meeting</span>
      <p>${prose('the parks')}</p>
      <h3>More from the city</h3>
      <ul><li><a href="/1">Bridge repairs begin on Monday</a></li><li><a href="/2">New bus line opens</a></li></ul>`);
    const { text, sections } = articleOf(html);
    expect(text).toBe(`${prose('the budget')}\n\n${prose('the parks')}`);
    expect(sections).toEqual([]);
  });

  it('reads a page without <html> or <body>, as a browser adds them', () => {
    const fragment = `<title>Council</title><p>${prose('the budget')}</p><p>${prose('the parks')}</p>`;
    const article = articleOf(fragment);
    expect(article.text).toBe(`${prose('the budget')}\n\n${prose('the parks')}`);
    expect(article.title).toBe('Council');
  });

  it('keeps a sentence that links most of its words', () => {
    const linked =
      'The plan was <a href="/vote">approved by a vote of seven to two last Thursday evening</a>.';
    const html = page(`<p>${prose('the budget')}</p><p>${linked}</p><p>${prose('the parks')}</p>`);
    expect(articleOf(html).text).toContain(
      'The plan was approved by a vote of seven to two last Thursday evening.',
    );
  });

  it('keeps a post an article quotes', () => {
    const html = page(`
      <p>${prose('the budget')}</p>
      <div class="social-media-embed"><blockquote class="twitter-tweet"><p>The budget vote is next month, residents can still comment.</p>&mdash; City Hall (@cityhall)</blockquote></div>
      <p>${prose('the parks')}</p>`);
    expect(articleOf(html).text).toContain(
      'The budget vote is next month, residents can still comment.',
    );
  });

  it('fails with no-text on a page without an article', () => {
    const links = Array.from(
      { length: 30 },
      (_, index) => `<li><a href="/${index}">Story ${index}</a></li>`,
    );
    for (const html of [
      '',
      '\u0000\u0001 not a page',
      '<frameset><frame src="/a.html"></frameset>',
      '<html><head><title>Nothing</title></head><body></body></html>',
      `<html><body><h1>Latest</h1><ul>${links.join('')}</ul></body></html>`,
      '<html><body><p>404. The page you asked for is not here.</p></body></html>',
    ]) {
      const error = noArticle(html);
      expect(error.kind).toBe('no-text');
      expect(error.message).toBe('The page had no article.');
    }
  });

  it('fails with no-text on a login wall, saying the page asks to sign in', () => {
    const html = `<html><head><title>Sign in</title></head><body><main>
      <h1>Sign in to keep reading</h1>
      <p>This story is for subscribers. Sign in with your email address and password to read it,
      or subscribe today for unlimited access to every story, newsletter and puzzle we publish.</p>
      <form><label>Email <input type="email" name="email"></label>
      <label>Password <input type="password" name="password"></label>
      <button>Sign in</button></form><p><a href="/forgot">Forgot your password?</a></p>
    </main></body></html>`;
    const error = noArticle(html);
    expect(error.kind).toBe('no-text');
    expect(error.message).toMatch(/asks to sign in/);
  });

  it('reads a page nested thousands of elements deep, and quickly', () => {
    const depth = 5000;
    const html = `<html><body>${'<div>'.repeat(depth)}<p>${prose('the budget')}</p><p>${prose('the parks')}</p>${'</div>'.repeat(depth)}</body></html>`;
    const started = performance.now();
    const { text } = articleOf(html);
    expect(text).toBe(`${prose('the budget')}\n\n${prose('the parks')}`);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

/** `html` in Shift_JIS: each character looked up by decoding every two-byte code once. */
function shiftJis(html: string): Buffer {
  const decoder = new TextDecoder('shift_jis');
  const table = new Map<string, number[]>();
  for (let lead = 0x81; lead <= 0xfc; lead += 1) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail += 1) {
      const char = decoder.decode(Uint8Array.from([lead, trail]));
      if (char.length === 1 && char !== '\ufffd' && !table.has(char))
        table.set(char, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const char of html) {
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else {
      const pair = table.get(char);
      if (pair === undefined) throw new Error(`No Shift_JIS code for ${char}`);
      bytes.push(...pair);
    }
  }
  return Buffer.from(bytes);
}
