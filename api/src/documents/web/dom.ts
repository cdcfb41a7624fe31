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
  replaceWith(node: DomNode): void;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

export interface DomDocument extends DomNode {
  readonly documentElement: DomElement | null;
  readonly body: DomElement | null;
  readonly head: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  createElement(tagName: string): DomElement;
}

/** Parses an HTML string as a browser would (linkedom: light, no scripts, no network). */
export function parseDocument(html: string): DomDocument {
  return (parseHTML(html) as unknown as { document: DomDocument }).document;
}

export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}
