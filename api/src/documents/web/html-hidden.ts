import { HiddenTextList } from '../hidden-text';
import type { HiddenPassage, HiddenReason } from '../hidden-text';
import type { DomDocument, DomElement } from './dom';

/*
 * The parts of a web page a reader cannot see (issue 28), found before Readability reads the
 * page: elements with the `hidden` attribute, or styled (inline, or by the page's own `<style>`
 * rules: classes, ids, element names, attributes and their combinations, in the cascade's
 * order) `display: none`, `visibility: hidden`,
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

/** A rule of the page's own style sheet that sets a property a hiding depends on. */
interface StyleRule {
  selector: string;
  declarations: Map<string, string>;
  /** Its place in the page's style sheets: of two rules as specific, the later wins. */
  order: number;
  /** CSS specificity as one number: ids, then classes and attributes, then element names. */
  specificity: number;
  /**
   * A plain `.class`, `#id`, element name or `*`, known to match from the element's own
   * attributes without asking the selector engine.
   */
  simple: boolean;
}

/** The properties styleReason reads: rules that set none of them are not kept. */
const HIDING_PROPERTIES = new Set([
  'display',
  'visibility',
  'opacity',
  'color',
  'font-size',
  'background',
  'background-color',
  'position',
  'left',
  'top',
  'text-indent',
]);

/** Specificity of a selector without pseudo-classes: a, b and c of CSS, as a·10⁴ + b·10² + c. */
function specificity(selector: string): number {
  const ids = selector.match(/#[\w-]+/g)?.length ?? 0;
  const classes = selector.match(/\.[\w-]+|\[[^\]]*\]/g)?.length ?? 0;
  const names =
    selector.replace(/#[\w-]+|\.[\w-]+|\[[^\]]*\]/g, ' ').match(/(?:^|[\s>+~])[a-zA-Z][\w-]*/g)
      ?.length ?? 0;
  return ids * 10_000 + classes * 100 + names;
}

/**
 * The key a rule is filed under: the id, else the first class, else the element name of its
 * last compound selector (the element it styles), else `*`.
 */
function ruleKey(selector: string): string {
  const last = selector.split(/\s*[>+~]\s*|\s+/).at(-1) ?? '';
  const id = /#(-?[_a-zA-Z][\w-]*)/.exec(last)?.[1];
  if (id !== undefined) return `#${id}`;
  const className = /\.(-?[_a-zA-Z][\w-]*)/.exec(last)?.[1];
  if (className !== undefined) return `.${className}`;
  const name = /^[a-zA-Z][\w-]*/.exec(last)?.[0];
  return name === undefined ? '*' : name.toLowerCase();
}

/** Rules that hide by themselves, whose selector the engine is asked for, at most. */
const MAX_QUERIED_RULES = 50;
/** Up to this many elements, a rule is matched against each rather than queried. */
const FEW_CANDIDATES = 24;

/**
 * The page's own rules that may hide an element, filed by the element they style. Selectors
 * with a pseudo-class or pseudo-element (`:hover`, `::before`, `:not()`) are left: most apply
 * only sometimes, and a pseudo-element holds no text of the page. The selector engine compiles
 * a selector each time it is asked whether one element matches, which on a page of thousands
 * of elements and rules takes seconds: it is asked only for the elements that a rule hiding by
 * itself selects (one query a rule), and for those, which other rules apply.
 */
class PageRules {
  private readonly rules = new Map<string, StyleRule[]>();
  /** Elements a combined rule that hides by itself selects. */
  private readonly selected = new Map<DomElement, StyleRule[]>();
  /** Selectors the selector engine refused: not asked again. */
  private readonly refused = new Set<string>();
  size = 0;

  constructor(document: DomDocument) {
    let count = 0;
    const hiding: StyleRule[] = [];
    for (const style of Array.from(document.querySelectorAll('style'))) {
      const css = (style.textContent ?? '')
        .replace(/\/\*[\s\S]*?\*\//g, ' ')
        // Rules inside @media and the like apply only sometimes: they are left out.
        .replace(/@[^{;]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, ' ')
        .replace(/@[^{;]*;/g, ' ');
      for (const rule of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        count += 1;
        if (count > MAX_RULES) break;
        const block = declarations(rule[2] ?? '');
        if (![...block.keys()].some((name) => HIDING_PROPERTIES.has(name))) continue;
        const hides = styleReason(block, true) !== null;
        for (const part of (rule[1] ?? '').split(',')) {
          const trimmed = part.trim().replace(/\s+/g, ' ');
          const selector = /^[a-zA-Z][\w-]*$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
          if (selector === '' || selector.includes(':') || selector.includes('\\')) continue;
          const key = ruleKey(selector);
          const filed = this.rules.get(key) ?? [];
          const styleRule: StyleRule = {
            selector,
            declarations: block,
            order: count,
            specificity: specificity(selector),
            simple: SIMPLE_SELECTOR.test(selector) || /^(?:[a-zA-Z][\w-]*|\*)$/.test(selector),
          };
          filed.push(styleRule);
          this.rules.set(key, filed);
          this.size += 1;
          if (hides && !styleRule.simple) hiding.push(styleRule);
        }
      }
    }
    if (hiding.length === 0) return;
    // The elements each rule may style, by the key it is filed under: a rule whose key is
    // nowhere on the page selects nothing; one whose key few elements have is matched against
    // those; one whose key many have is a query of the page (its selector compiled once).
    const keyed = new Map<string, DomElement[]>();
    const all = Array.from(document.querySelectorAll('*'));
    for (const element of all) {
      const id = element.getAttribute('id');
      const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
      const keys = [element.localName, ...(id ? [`#${id}`] : []), ...classes.map((c) => `.${c}`)];
      for (const key of new Set(keys)) {
        const elements = keyed.get(key) ?? [];
        elements.push(element);
        keyed.set(key, elements);
      }
    }
    for (const rule of hiding.slice(0, MAX_QUERIED_RULES)) {
      const key = ruleKey(rule.selector);
      const candidates = key === '*' ? all : (keyed.get(key) ?? []);
      let elements: DomElement[] = [];
      if (candidates.length <= FEW_CANDIDATES) {
        elements = candidates.filter((element) => this.matches(element, rule.selector));
      } else {
        try {
          elements = Array.from(document.querySelectorAll(rule.selector));
        } catch {
          this.refused.add(rule.selector);
        }
      }
      for (const element of elements) {
        const rules = this.selected.get(element) ?? [];
        rules.push(rule);
        this.selected.set(element, rules);
      }
    }
  }

  /**
   * The rules that style `element`, least specific (then earliest) first: the plain ones, and
   * the combined ones that hide it; with `all`, every combined rule that matches it as well.
   */
  matching(element: DomElement, all = false): StyleRule[] {
    const classes = (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
    const id = element.getAttribute('id');
    const keys = [
      ...(id ? [`#${id}`] : []),
      ...classes.map((name) => `.${name}`),
      element.localName,
      '*',
    ];
    const found: StyleRule[] = all ? [] : [...(this.selected.get(element) ?? [])];
    for (const key of new Set(keys)) {
      for (const rule of this.rules.get(key) ?? []) {
        if (
          rule.simple ? keys.includes(rule.selector) : all && this.matches(element, rule.selector)
        ) {
          found.push(rule);
        }
      }
    }
    return found.sort((a, b) => a.specificity - b.specificity || a.order - b.order);
  }

  private matches(element: DomElement, selector: string): boolean {
    if (this.refused.has(selector)) return false;
    try {
      return element.matches(selector);
    } catch {
      this.refused.add(selector);
      return false;
    }
  }
}

interface HidingOf {
  reason: HiddenReason;
  /** Attributes to take away to show the element (includeHidden). */
  attributes: string[];
}

function hidingOf(element: DomElement, rules: PageRules): HidingOf | null {
  if (element.hasAttribute('hidden')) return { reason: 'hidden', attributes: ['hidden'] };
  const ariaHidden = element.getAttribute('aria-hidden') === 'true';
  const used: string[] = [];
  const inline = element.getAttribute('style');
  const inlineStyle = inline === null ? null : declarations(inline);
  /** The element's style from `applied` in the cascade's order, then its inline style. */
  const styleOf = (applied: readonly StyleRule[]): Map<string, string> => {
    const merged = new Map<string, string>();
    for (const rule of applied) {
      for (const [name, value] of rule.declarations) merged.set(name, value);
    }
    for (const [name, value] of inlineStyle ?? []) merged.set(name, value);
    return merged;
  };
  const applied = rules.size > 0 ? rules.matching(element) : [];
  if (applied.length > 0) used.push('class', 'id');
  if (inlineStyle !== null) used.push('style');
  let style = styleOf(applied);
  if (style.size === 0) return null;
  let reason = styleReason(style, ariaHidden);
  if (reason === null) return null;
  // Hidden: every rule of the page that matches it is weighed, so that a more specific or a
  // later one that shows it again (`.teaser.open { display: block }`) is followed.
  if (rules.size > 0) {
    style = styleOf(rules.matching(element, true));
    reason = styleReason(style, ariaHidden);
    if (reason === null) return null;
  }
  // A size or a visibility is inherited, and an element inside may set it back (`.row {
  // font-size: 0 }` with `.row > p { font-size: 1rem }`, a layout trick): then it is shown.
  if ((reason === 'tiny' || reason === 'hidden') && shownInside(element, rules, style, reason)) {
    return null;
  }
  return { reason, attributes: [...used, 'aria-hidden'] };
}

/** Elements inside a tiny or invisible one looked at, at most, for one that is set back. */
const MAX_INSIDE = 500;

/**
 * Whether an element inside one hidden by an inherited property (`font-size` under 2 pt,
 * `visibility: hidden`) sets that property back to something a reader sees.
 */
function shownInside(
  element: DomElement,
  rules: PageRules,
  style: Map<string, string>,
  reason: 'tiny' | 'hidden',
): boolean {
  // `display: none` hides all inside, whatever it sets.
  if (style.get('display') === 'none') return false;
  const inherited = reason === 'hidden' ? 'visibility' : 'font-size';
  const inside = Array.from(element.querySelectorAll('*')).slice(0, MAX_INSIDE);
  for (const child of inside) {
    let value: string | undefined;
    for (const rule of rules.matching(child, true)) {
      value = rule.declarations.get(inherited) ?? value;
    }
    const inline = child.getAttribute('style');
    if (inline !== null) value = declarations(inline).get(inherited) ?? value;
    if (value === undefined) continue;
    if (inherited === 'visibility') {
      if (value === 'visible') return true;
      continue;
    }
    // A keyword or a share (`medium`, `100%`) is read as a size a reader sees, unless 0.
    const size = points(value);
    if (size === null ? Number.parseFloat(value) !== 0 : size >= 2) return true;
  }
  return false;
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
  const rules = new PageRules(document);
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
