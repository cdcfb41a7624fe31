import { TextDecoder } from 'node:util';
import { Readability } from '@mozilla/readability';
import { sectionsOfHeadings } from '../../lib/document-sections';
import type { FoundHeading } from '../../lib/document-sections';
import { DocumentError } from '../document-error';
import { ALL_TEXT_HIDDEN_MESSAGE } from '../hidden-text';
import type { HiddenPassage } from '../hidden-text';
import { flattenDeepNesting, isElement, parseDocument, TEXT_NODE } from './dom';
import { takeHiddenElements } from './html-hidden';
import type { DomDocument, DomElement, DomNode } from './dom';

/*
 * The article of a web page as text (issue 27): the page decoded in the charset it declares, its
 * article found by Mozilla's Readability on a server-side DOM (linkedom), and that article turned
 * into plain text that keeps its shape: each heading on a line of its own (and in `sections`),
 * paragraphs apart by a blank line, the items of a list one to a line. This runs in a worker
 * thread (article-extraction-pool.ts): hostile HTML must never hold the server's event loop.
 */

/** A heading of the article and the span of `text` it heads (UTF-16 offsets, API.md round 3). */
export interface HtmlSection {
  title: string;
  /** 1 for `<h1>` down to 6 for `<h6>`. */
  level: number;
  /** Where the heading's line starts. */
  start: number;
  /** Where the next heading of the same or a higher level starts, or the end of the text. */
  end: number;
}

export interface HtmlText {
  /** The page's title, when it has one. */
  title: string | null;
  text: string;
  sections: HtmlSection[];
  /** What the page hides from its readers (html-hidden.ts); not in `text` unless included. */
  hiddenText: HiddenPassage[];
}

export const NO_ARTICLE_MESSAGE = 'The page had no article.';
export const SIGN_IN_MESSAGE =
  'The page asks to sign in: Brevity reads only what anyone can see without an account.';

/** The same on a page with a password field: a wall says more than an error page does. */
const MIN_WALLED_ARTICLE_WORDS = 150;

/** Elements nested deeper than this are flattened before Readability reads the page. */
const MAX_DEPTH = 128;

/** An article shorter than this (in words) is taken as none: a login wall, an index, an error page. */
const MIN_ARTICLE_WORDS = 25;

// ---------------------------------------------------------------------------------------------
// Charset

/** Bytes of the page searched for a `<meta>` naming its charset. */
const META_SCAN_BYTES = 16 * 1024;

function decoderFor(label: string | null | undefined): TextDecoder | null {
  if (label === null || label === undefined || label.trim() === '') return null;
  try {
    return new TextDecoder(label.trim());
  } catch {
    // Not a WHATWG label (TextDecoder knows them all): the next source of a charset decides.
    return null;
  }
}

function byteOrderMark(body: Uint8Array): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The charset a `<meta charset>` or `<meta http-equiv="Content-Type">` near the top names. */
export function metaCharset(body: Uint8Array): string | null {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, META_SCAN_BYTES))
    .toString('latin1')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, ' ');
  const bodyStart = head.search(/<body[\s>]/i);
  const scanned = bodyStart === -1 ? head : head.slice(0, bodyStart);
  for (const meta of scanned.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = meta[0];
    const direct = /\bcharset\s*=\s*["']?\s*([^\s"'/>;]+)/i.exec(tag);
    if (direct?.[1] !== undefined) return direct[1];
  }
  return null;
}

/**
 * The page's text, decoded as a browser would: a byte-order mark first, then the charset the
 * server named, then a `<meta>` one, else UTF-8. A `<meta>` naming UTF-16 means UTF-8 (HTML
 * spec: bytes that parsed as ASCII cannot be UTF-16).
 */
export function decodeHtml(body: Uint8Array, charset: string | null): string {
  const bom = byteOrderMark(body);
  if (bom !== null) return new TextDecoder(bom).decode(body);
  let decoder = decoderFor(charset);
  if (decoder === null) {
    decoder = decoderFor(metaCharset(body));
    if (decoder !== null && decoder.encoding.startsWith('utf-16')) decoder = null;
  }
  return decodeWith(decoder, body);
}

function decodeWith(decoder: TextDecoder | null, body: Uint8Array): string {
  const chosen = decoder ?? new TextDecoder('utf-8');
  return chosen.encoding === 'windows-1252' ? decodeWindows1252(body) : chosen.decode(body);
}

/**
 * A plain-text page's text: a byte-order mark first, then the charset the server named, else
 * UTF-8 (a plain text has no `<meta>` to ask).
 */
export function decodePlainText(body: Uint8Array, charset: string | null): string {
  const bom = byteOrderMark(body);
  if (bom !== null) return new TextDecoder(bom).decode(body);
  return decodeWith(decoderFor(charset), body);
}

/** Characters of windows-1252's bytes 0x80 to 0x9f (WHATWG Encoding, index-windows-1252). */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * windows-1252, which WHATWG also gives the labels latin1, iso-8859-1 and us-ascii. Node 20's
 * TextDecoder decodes it as ISO-8859-1, turning its curly quotes, dashes and euro signs into
 * control characters; the 32 characters that differ are mapped here.
 */
function decodeWindows1252(body: Uint8Array): string {
  const latin1 = Buffer.from(body.buffer, body.byteOffset, body.length).toString('latin1');
  return latin1.replace(
    /[\u0080-\u009f]/g,
    (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char,
  );
}

// ---------------------------------------------------------------------------------------------
// From DOM to text with its shape

type BlockKind = 'heading' | 'paragraph' | 'item';

interface Block {
  kind: BlockKind;
  /** The heading's level; 0 for other blocks. */
  level: number;
  text: string;
  /** Characters of `text` inside links. */
  linkChars: number;
  /** The text outside links. */
  unlinked: string;
}

/** Elements whose content is never text a reader sees. */
const NEVER_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'canvas',
  'iframe',
  'object',
  'embed',
  'video',
  'audio',
  'head',
  'title',
  'meta',
  'link',
  'button',
  'select',
  'input',
  'textarea',
]);

/** Elements that start and end a block of text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);

const HEADING = /^h([1-6])$/;

/** A node of the walk in blocksOf: entering any node, or leaving an element. */
type Step = { node: DomNode; leaving: false } | { node: DomElement; leaving: true };

/**
 * The blocks of text under `root`, in order. The walk keeps its own stack: a page nested ten
 * thousand deep must not overflow the call stack.
 */
function blocksOf(root: DomNode): Block[] {
  const blocks: Block[] = [];
  let line = '';
  let linkChars = 0;
  let unlinked = '';
  let kind: BlockKind = 'paragraph';
  let level = 0;
  let preDepth = 0;
  let linkDepth = 0;

  const flush = (): void => {
    const text = line
      .split('\n')
      .map((part) => part.replace(/[ \t\f\r\u00a0]+/g, ' ').trim())
      .filter((part) => part !== '')
      .join('\n');
    if (text !== '') {
      blocks.push({ kind, level, text, linkChars: Math.min(linkChars, text.length), unlinked });
    }
    line = '';
    linkChars = 0;
    unlinked = '';
    kind = 'paragraph';
    level = 0;
  };

  const stack: Step[] = [{ node: root, leaving: false }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const node = step.node;
    if (step.leaving) {
      const name = step.node.localName;
      if (name === 'pre') preDepth -= 1;
      if (name === 'a') linkDepth -= 1;
      if (BLOCKS.has(name) || HEADING.test(name) || name === 'li') flush();
      else if (name === 'td' || name === 'th') line += ' ';
      continue;
    }
    if (node.nodeType === TEXT_NODE) {
      const data = node.textContent ?? '';
      const added = preDepth > 0 ? data : data.replace(/\s+/g, ' ');
      line += added;
      if (linkDepth > 0) linkChars += added.trim().length;
      else unlinked += added;
      continue;
    }
    if (!isElement(node)) {
      if (node.nodeType === 9 || node.nodeType === 11) pushChildren(stack, node);
      continue;
    }
    const name = node.localName;
    if (NEVER_TEXT.has(name) || node.hasAttribute('hidden')) continue;
    if (name === 'br') {
      line += '\n';
      continue;
    }
    const heading = HEADING.exec(name);
    if (heading !== null || BLOCKS.has(name) || name === 'li') {
      flush();
      if (heading !== null) {
        kind = 'heading';
        level = Number(heading[1]);
      } else if (name === 'li' || name === 'dt' || name === 'dd') kind = 'item';
    }
    if (name === 'pre') preDepth += 1;
    if (name === 'a') linkDepth += 1;
    stack.push({ node, leaving: true });
    pushChildren(stack, node);
  }
  flush();
  return blocks;
}

function pushChildren(stack: Step[], node: DomNode): void {
  const children = node.childNodes;
  for (let index = children.length - 1; index >= 0; index -= 1) {
    const child = children[index];
    if (child !== undefined) stack.push({ node: child, leaving: false });
  }
}

/**
 * Joins blocks into one text: a heading is its own line, blank lines between paragraphs, the
 * items of a list one to a line. `sections` gives each heading the span up to the next heading
 * of its level or a higher one.
 */
function joinBlocks(blocks: Block[]): { text: string; sections: HtmlSection[] } {
  let text = '';
  const headings: FoundHeading[] = [];
  let previous: Block | null = null;
  for (const block of blocks) {
    const body = block.kind === 'heading' ? block.text.replace(/\s*\n\s*/g, ' ') : block.text;
    if (previous !== null) {
      text += previous.kind === 'item' && block.kind === 'item' ? '\n' : '\n\n';
    }
    if (block.kind === 'heading') {
      headings.push({ title: body, level: block.level, start: text.length });
    }
    text += body;
    previous = block;
  }
  // Each section ends where the next one of its level or a higher one starts, as for every
  // kind of source (lib/document-sections.ts).
  return { text, sections: sectionsOfHeadings(text, headings) };
}

// ---------------------------------------------------------------------------------------------
// Clutter that Readability leaves inside an article

/** Posts from social networks quoted in an article, as their embedding code marks them. */
const EMBEDDED_POSTS =
  'blockquote.twitter-tweet, blockquote.instagram-media, blockquote.tiktok-embed, blockquote.reddit-card';

/**
 * An article that quotes a post quotes its words: the post is kept as a plain blockquote, out
 * of the wrapper ("social-media-embed" and the like) whose name would have Readability, or our
 * own clutter rules, drop it.
 */
function keepEmbeddedPosts(document: DomDocument): void {
  for (const post of Array.from(document.querySelectorAll(EMBEDDED_POSTS))) {
    const words = textLength(post);
    let wrapper: DomElement = post;
    let parent = post.parentElement;
    while (parent !== null && parent.localName !== 'body' && textLength(parent) === words) {
      wrapper = parent;
      parent = parent.parentElement;
    }
    post.removeAttribute('class');
    if (wrapper !== post) wrapper.replaceWith(post);
  }
}

/** Elements that are never the article's prose, wherever they sit. */
const CLUTTER_ELEMENTS =
  'aside, nav, footer, form, figcaption, [role="navigation"], [role="complementary"]';

/** Class or id words of share bars, bylines, captions, related links and the like. */
const CLUTTER_NAMES =
  /(?:^|[\s_-])(?:share|sharing|social|related|recommend(?:ed|ations)?|newsletter|subscribe|subscription|byline|author|timestamp|dateline|tags?|breadcrumbs?|comments?|caption|credits?|promo|sidebar|widget|signup|paywall|advert(?:isement)?|sponsored|readmore|read-more|more-from)(?:$|[\s_-])/i;

/** A clutter element is removed only while it holds less than this share of the article's text. */
const CLUTTER_MAX_SHARE = 0.3;

function textLength(node: DomNode): number {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

function removeClutter(content: DomElement): void {
  const total = textLength(content);
  const small = (element: DomElement): boolean => textLength(element) < total * CLUTTER_MAX_SHARE;
  for (const element of Array.from(content.querySelectorAll(CLUTTER_ELEMENTS))) {
    if (small(element)) element.remove();
  }
  for (const element of Array.from(content.querySelectorAll('[class], [id]'))) {
    // camelCase names are words too: newsCaption, shareBar.
    const names =
      `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`.replace(
        /(\p{Ll})(\p{Lu})/gu,
        '$1-$2',
      );
    if (CLUTTER_NAMES.test(names) && small(element)) element.remove();
  }
}

/** Short lines of page furniture: bylines, datelines, credits, calls to read or share more. */
const FURNITURE =
  /^(?:by\s+\p{Lu}|(?:published|updated|posted|last updated|first published)\b|(?:read more|continue reading|related|see also|more from|you may also like|don[’']?t miss|recommended|advertisement|share this|subscribe|sign up)\b|(?:tags|topics|filed under|categories)\b\s*:?\s*$)|©|\bcopyright\b|\((?:image|photo|picture|credit)s?:|^(?:image|photo|picture|source)s?:|\b(?:getty images|ap photo|shutterstock|istock|photograph:|photo by|image by|image credit)\b/iu;
const FURNITURE_MAX_WORDS = 15;
/** A block this short and mostly link text is a link to elsewhere, not prose. */
const LINK_BLOCK_MAX_WORDS = 30;
const LINK_DENSITY = 0.5;
/** ...unless the words around its links make a sentence: prose that links a phrase is kept. */
const LINK_BLOCK_MAX_PROSE_WORDS = 5;

function isLinkBlock(block: Block): boolean {
  return (
    block.kind !== 'heading' &&
    block.linkChars > block.text.length * LINK_DENSITY &&
    wordCount(block.text, LINK_BLOCK_MAX_WORDS + 1) <= LINK_BLOCK_MAX_WORDS &&
    !isLinkingProse(block)
  );
}

/** A sentence with its own words around a link: five of them, or two and a full stop. */
function isLinkingProse(block: Block): boolean {
  const words = wordCount(block.unlinked, LINK_BLOCK_MAX_PROSE_WORDS);
  return (
    words >= LINK_BLOCK_MAX_PROSE_WORDS ||
    (words >= 2 && /[.!?。！？]["'”’»)]?$/u.test(block.unlinked.trim()))
  );
}

function isFurniture(block: Block): boolean {
  return (
    // The pattern first: it is far cheaper than counting words, and rarely matches.
    FURNITURE.test(block.text) &&
    wordCount(block.text, FURNITURE_MAX_WORDS + 1) <= FURNITURE_MAX_WORDS
  );
}

/**
 * Drops link lists and furniture lines from the article's blocks, then the headings left with
 * nothing under them (a "More from UK" over the links it introduced).
 */
function removeClutterBlocks(blocks: Block[]): Block[] {
  const dropped = blocks.map((block) => isLinkBlock(block) || isFurniture(block));
  const kept: Block[] = [];
  for (const [index, block] of blocks.entries()) {
    if (dropped[index] === true) continue;
    if (block.kind === 'heading' && dropped[index + 1] === true) {
      // A heading over removed blocks, followed by another heading or the end, heads nothing.
      let next = index + 1;
      while (dropped[next] === true) next += 1;
      const nextKept = blocks[next];
      if (
        nextKept === undefined ||
        (nextKept.kind === 'heading' && nextKept.level <= block.level)
      ) {
        continue;
      }
    }
    kept.push(block);
  }
  return kept;
}

/** The text a reader of the whole page would see (no scripts, styles or hidden parts). */
export function visibleText(document: DomDocument): string {
  const root = document.body ?? document.documentElement;
  return root === null ? '' : joinBlocks(blocksOf(root)).text;
}

const WORDS = new Intl.Segmenter('und', { granularity: 'word' });
const UNSPACED_SCRIPTS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SPACED_WORD = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;

/**
 * Words in `text`, counted up to `limit`: ICU's word segmenter, so a run of Japanese or
 * Chinese counts its words, not as one.
 */
function wordCount(text: string, limit = Infinity): number {
  // Scripts that space their words are counted by a pattern, many times faster than ICU.
  if (!UNSPACED_SCRIPTS.test(text)) return text.match(SPACED_WORD)?.length ?? 0;
  let count = 0;
  for (const segment of WORDS.segment(text)) {
    if (segment.isWordLike === true) count += 1;
    if (count >= limit) break;
  }
  return count;
}

function pageTitle(document: DomDocument): string | null {
  const title = document.querySelector('title')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return title === '' ? null : title;
}

/**
 * The article of an HTML page, as text with its headings and their sections. `charset` is the
 * one the server named (null when it named none); `url` is the page's address after redirects,
 * which the text, keeping no links, does not need yet. Throws DocumentError('no-text') when the
 * page has no article to speak of (NO_ARTICLE_MESSAGE), or only a sign-in form (SIGN_IN_MESSAGE).
 */
export function htmlText(
  body: Uint8Array,
  charset: string | null,
  url: string,
  { includeHidden = false }: { includeHidden?: boolean | undefined } = {},
): HtmlText {
  const document = parseDocument(decodeHtml(body, charset));
  const title = pageTitle(document);
  void url; // See above: part of the contract, unused by the text.
  const asksForPassword = document.querySelector('input[type="password" i]') !== null;
  flattenDeepNesting(document, MAX_DEPTH);
  const hiddenText = takeHiddenElements(document, includeHidden);
  keepEmbeddedPosts(document);
  const reader = new Readability<DomNode>(
    document as unknown as ConstructorParameters<typeof Readability>[0],
    { serializer: (node) => node as unknown as DomNode, keepClasses: true },
  );
  const article = reader.parse();
  const content = article?.content ?? null;
  // A page that asks for a password and says little else is a login wall, not an article.
  // An article that is there but hidden (`display: none`) is refused as such, not as none.
  const hiddenWords = wordCount(hiddenText.map((passage) => passage.text).join(' '));
  const noArticle = () =>
    new DocumentError(
      'no-text',
      asksForPassword
        ? SIGN_IN_MESSAGE
        : hiddenWords >= MIN_ARTICLE_WORDS
          ? ALL_TEXT_HIDDEN_MESSAGE
          : NO_ARTICLE_MESSAGE,
    );
  if (content === null || !isElement(content)) throw noArticle();
  removeClutter(content);
  const { text, sections } = joinBlocks(removeClutterBlocks(blocksOf(content)));
  const minWords = asksForPassword ? MIN_WALLED_ARTICLE_WORDS : MIN_ARTICLE_WORDS;
  if (wordCount(text, minWords) < minWords) throw noArticle();
  const articleTitle = article?.title?.replace(/\s+/g, ' ').trim() ?? '';
  return { title: articleTitle === '' ? title : articleTitle, text, sections, hiddenText };
}
