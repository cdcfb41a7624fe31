import { parseHTML } from 'linkedom';

/*
 * The little of the DOM that reading an article needs, typed here: the api is compiled without
 * the DOM library, and linkedom's own declarations type most of it as `any`. A document parsed
 * by linkedom is taken as these shapes once, in parseDocument, and nowhere else.
 */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly parentNode: DomNode | null;
  readonly childNodes: ArrayLike<DomNode>;
  textContent: string | null;
  remove(): void;
}

export interface DomElement extends DomNode {
  readonly localName: string;
  readonly tagName: string;
  readonly children: ArrayLike<DomElement>;
  readonly parentElement: DomElement | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  removeAttribute(name: string): void;
  replaceWith(...nodes: DomNode[]): void;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  matches(selectors: string): boolean;
}

export interface DomDocument extends DomNode {
  readonly documentElement: DomElement | null;
  readonly body: DomElement | null;
  readonly head: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  createElement(tagName: string): DomElement;
}

/**
 * Parses an HTML string as a browser would (linkedom: light, no scripts, no network). linkedom
 * does not add the `<html>` and `<body>` a browser adds around a page that lacks them (plain
 * text, a fragment): such a page is parsed again inside them.
 */
export function parseDocument(html: string): DomDocument {
  const document = parsed(html);
  const root = document.documentElement;
  if (root?.localName === 'html' && root.querySelector('body') !== null) return document;
  const inner = root?.localName === 'html' ? root.innerHTML : html;
  return parsed(`<!DOCTYPE html><html><head></head><body>${inner}</body></html>`);
}

function parsed(html: string): DomDocument {
  return (parseHTML(html) as unknown as { document: DomDocument }).document;
}

export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

/**
 * Flattens whatever is nested deeper than `maxDepth` elements below the root: below that depth
 * only paragraphs, headings and line breaks keep their elements (the parser never nests those in
 * each other), every other element gives way to its children. Browsers cap their trees too
 * (Chromium's parser at 512); here it keeps Readability, whose work grows with the depth, quick
 * on pages nested thousands deep, and the call stack safe. Returns the elements flattened.
 */
export function flattenDeepNesting(document: DomDocument, maxDepth: number): number {
  const root = document.documentElement;
  if (root === null) return 0;
  const deep: { element: DomElement; depth: number }[] = [];
  const stack: { element: DomElement; depth: number }[] = [{ element: root, depth: 0 }];
  while (stack.length > 0) {
    const { element, depth } = stack.pop() as { element: DomElement; depth: number };
    if (depth > maxDepth && !KEPT_WHEN_DEEP.test(element.localName)) deep.push({ element, depth });
    const children = element.children;
    for (let index = 0; index < children.length; index += 1) {
      const child = children[index];
      if (child !== undefined) stack.push({ element: child, depth: depth + 1 });
    }
  }
  // Innermost first, so each element moves only what is left inside it.
  deep.sort((a, b) => b.depth - a.depth);
  for (const { element } of deep) element.replaceWith(...Array.from(element.childNodes));
  return deep.length;
}

const KEPT_WHEN_DEEP = /^(?:p|h[1-6]|br)$/;
