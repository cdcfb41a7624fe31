import { HiddenTextList } from '../hidden-text';
import type { HiddenPassage, HiddenReason } from '../hidden-text';
import type { DomDocument, DomElement } from './dom';

/*
 * The parts of a web page a reader cannot see (issue 28), found before Readability reads the
 * page: elements with the `hidden` attribute, or styled (inline, or by the page's own `<style>`
 * rules whose selector is a plain class or id) `display: none`, `visibility: hidden`,
 * `opacity: 0`, a zero or sub-2-point font, a text colour equal to the background colour set
 * beside it, and `aria-hidden` blocks pushed off the screen. Menus and dialogs hide short bits
 * of link text all the time: only passages of some prose are listed. Without `includeHidden`
 * the hidden elements are taken out of the page; with it, their hiding is undone, so that the
 * article is read as if they were shown.
 */

/** A hidden element is listed when its text has at least this many words, a sentence's end... */
const MIN_PASSAGE_WORDS = 8;
/** ...and less than this share of it is link text. */
const MAX_LINK_SHARE = 0.5;

/**
 * Page furniture that hides itself until used: dialogs, menus, forms, players, comment boxes,
 * sign-in and sharing panels. Its hidden text is taken out like any other, but not listed:
 * on the 90 news pages of bench:extraction such chrome made a quarter of them "hide" text.
 */
const FURNITURE_ELEMENTS =
  'form, input, button, select, textarea, nav, header, footer, aside, dialog, video, audio, [role="dialog"], [role="menu"], [role="navigation"], [aria-modal="true"]';
const FURNITURE_NAMES =
  /(?:^|[\s_-])(?:modal|popup|pop-up|dialog|overlay|menu|dropdown|nav|navbar|comments?|login|log-in|signin|sign-in|signup|sign-up|register|subscribe|subscription|newsletter|share|sharing|social|cookie|consent|banner|tooltip|toast|caption|captions|player|video|search|toolbar|paywall|promo|advert|ad|ads|alert|notification|account|password|email)(?:$|[\s_-])/i;
const FURNITURE_TAGS = new Set(['form', 'nav', 'header', 'footer', 'aside', 'dialog', 'button']);

/** Style rules read at most, from the page's `<style>` elements. */
const MAX_RULES = 5_000;

/** Elements whose content is never shown, hidden or not. */
const NOT_SHOWN = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
]);

/** A plain `.class` or `#id` selector. */
const SIMPLE_SELECTOR = /^([.#])(-?[_a-zA-Z][\w-]*)$/;

/** `property: value` pairs of a declaration block, properties in lower case. */
function declarations(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of block.split(';')) {
    const colon = part.indexOf(':');
    if (colon === -1) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!important/i, '')
      .trim()
      .toLowerCase();
    if (name !== '' && value !== '') map.set(name, value);
  }
  return map;
}

/** A CSS length in points, for px, pt, em/rem (16 px) and unitless 0; null for others. */
function points(value: string): number | null {
  const match = /^(-?\d*\.?\d+)(px|pt|em|rem)?$/.exec(value);
  if (match === null) return null;
  const amount = Number(match[1]);
  switch (match[2]) {
    case 'px':
      return amount * 0.75;
    case 'pt':
      return amount;
    case 'em':
    case 'rem':
      return amount * 12;
    default:
      return amount === 0 ? 0 : null;
  }
}

/** Pushed this far past the left or top edge, a block is off the screen. */
const OFF_SCREEN_POINTS = -500;

/** Why a block with these declarations cannot be seen, or null. `ariaHidden`: it says so too. */
export function styleReason(style: Map<string, string>, ariaHidden: boolean): HiddenReason | null {
  if (style.get('display') === 'none') return 'hidden';
  const visibility = style.get('visibility');
  if (visibility === 'hidden' || visibility === 'collapse') return 'hidden';
  const opacity = style.get('opacity');
  if (opacity !== undefined && Number.parseFloat(opacity) === 0) return 'invisible';
  const color = style.get('color');
  if (color === 'transparent') return 'invisible';
  const size = style.get('font-size');
  if (size !== undefined) {
    const pointSize = points(size);
    if (pointSize !== null && pointSize < 2) return 'tiny';
  }
  const background = style.get('background-color') ?? style.get('background');
  if (color !== undefined && background !== undefined && color === background) return 'same-colour';
  if (ariaHidden) {
    const position = style.get('position');
    const offsets = ['left', 'top', 'text-indent'].map((name) => points(style.get(name) ?? ''));
    const pushedAway = offsets.some((offset) => offset !== null && offset <= OFF_SCREEN_POINTS);
    if (
      pushedAway &&
      (position === 'absolute' || position === 'fixed' || style.has('text-indent'))
    ) {
      return 'off-page';
    }
  }
  return null;
}

/** The declarations the page's own rules give each plain class and id. */
function pageRules(document: DomDocument): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let count = 0;
  for (const style of Array.from(document.querySelectorAll('style'))) {
    const css = (style.textContent ?? '')
      .replace(/\/\*[\s\S]*?\*\//g, ' ')
      // Rules inside @media and the like apply only sometimes: they are left out.
      .replace(/@[^{;]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, ' ')
      .replace(/@[^{;]*;/g, ' ');
    for (const rule of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      count += 1;
      if (count > MAX_RULES) return rules;
      const block = declarations(rule[2] ?? '');
      for (const selector of (rule[1] ?? '').split(',')) {
        const simple = selector.trim();
        if (!SIMPLE_SELECTOR.test(simple)) continue;
        const merged = rules.get(simple) ?? new Map<string, string>();
        for (const [name, value] of block) merged.set(name, value);
        rules.set(simple, merged);
      }
    }
  }
  return rules;
}

interface HidingOf {
  reason: HiddenReason;
  /** Attributes to take away to show the element (includeHidden). */
  attributes: string[];
}

function hidingOf(element: DomElement, rules: Map<string, Map<string, string>>): HidingOf | null {
  if (element.hasAttribute('hidden')) return { reason: 'hidden', attributes: ['hidden'] };
  const ariaHidden = element.getAttribute('aria-hidden') === 'true';
  const style = new Map<string, string>();
  const used: string[] = [];
  if (rules.size > 0) {
    const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    const id = element.getAttribute('id');
    for (const selector of [...classes.map((name) => `.${name}`), ...(id ? [`#${id}`] : [])]) {
      const rule = rules.get(selector);
      if (rule === undefined) continue;
      for (const [name, value] of rule) style.set(name, value);
      used.push(selector.startsWith('.') ? 'class' : 'id');
    }
  }
  const inline = element.getAttribute('style');
  if (inline !== null) {
    for (const [name, value] of declarations(inline)) style.set(name, value);
    used.push('style');
  }
  if (style.size === 0) return null;
  const reason = styleReason(style, ariaHidden);
  return reason === null ? null : { reason, attributes: [...used, 'aria-hidden'] };
}

function words(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

/** Class and id words of an element and its ancestors, camelCase split into words. */
function namesAround(element: DomElement): string {
  let names = '';
  for (let node: DomElement | null = element; node !== null; node = node.parentElement) {
    names += ` ${node.getAttribute('class') ?? ''} ${node.getAttribute('id') ?? ''}`;
  }
  return names.replace(/(\p{Ll})(\p{Lu})/gu, '$1-$2');
}

/**
 * Whether a hidden element's text is a passage worth listing: prose (a sentence of some words,
 * not mostly links), not page furniture (see FURNITURE_ELEMENTS and FURNITURE_NAMES).
 */
function isProse(element: DomElement, text: string): boolean {
  if (words(text) < MIN_PASSAGE_WORDS || !/[.!?。！？]/u.test(text)) return false;
  if (element.querySelector(FURNITURE_ELEMENTS) !== null) return false;
  for (let node = element.parentElement; node !== null; node = node.parentElement) {
    if (FURNITURE_TAGS.has(node.localName)) return false;
    const role = node.getAttribute('role');
    if (role === 'dialog' || role === 'menu' || role === 'navigation') return false;
  }
  if (FURNITURE_TAGS.has(element.localName) || FURNITURE_NAMES.test(namesAround(element))) {
    return false;
  }
  let linkChars = 0;
  for (const link of Array.from(element.querySelectorAll('a'))) {
    linkChars += (link.textContent ?? '').replace(/\s+/g, ' ').trim().length;
  }
  return linkChars < text.length * MAX_LINK_SHARE;
}

/**
 * Lists the hidden passages of `document` (page: null) and takes the hidden elements out
 * (or, with `includeHidden`, shows them). Elements inside a hidden one are its passage.
 */
export function takeHiddenElements(document: DomDocument, includeHidden: boolean): HiddenPassage[] {
  const root = document.body;
  if (root === null) return [];
  const rules = pageRules(document);
  const list = new HiddenTextList();
  const seen = new Set<string>();
  const hiddenElements = new Map<DomElement, HidingOf>();
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (NOT_SHOWN.has(element.localName)) continue;
    if (hiddenElements.size > 0 && insideOneOf(hiddenElements, element)) continue;
    const hiding = hidingOf(element, rules);
    if (hiding !== null) hiddenElements.set(element, hiding);
  }
  for (const [element, hiding] of hiddenElements) {
    const text = textOf(element);
    if (isProse(element, text) && !seen.has(text)) {
      seen.add(text);
      list.add(text, hiding.reason, null);
    }
    if (includeHidden) for (const name of hiding.attributes) element.removeAttribute(name);
    else element.remove();
  }
  return list.list();
}

/** The element's text as a reader would see it shown: scripts and styles left out. */
function textOf(element: DomElement): string {
  let text = '';
  const walk = (node: DomElement): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) text += child.textContent ?? '';
      else if (child.nodeType === 1) {
        const inner = child as DomElement;
        if (!NOT_SHOWN.has(inner.localName)) {
          text += ' ';
          walk(inner);
          text += ' ';
        }
      }
    }
  };
  walk(element);
  return text.replace(/\s+/g, ' ').trim();
}

function insideOneOf(elements: ReadonlyMap<DomElement, unknown>, element: DomElement): boolean {
  for (let node = element.parentElement; node !== null; node = node.parentElement) {
    if (elements.has(node)) return true;
  }
  return false;
}
