/** Room left between the sticky header and what is scrolled under it. */
const GAP_PX = 16;

/**
 * Scrolls `element` to the top of the view, clear of the shell's sticky header: its
 * scroll-margin-top becomes the header's height (which differs by width: one row on a phone,
 * two on a desktop) plus a gap. Motion follows the person's reduced-motion setting.
 */
export function scrollClearOfHeader(element: HTMLElement): void {
  const header = document.querySelector('.site-header--sticky');
  const headerHeight = header ? header.getBoundingClientRect().height : 0;
  element.style.scrollMarginTop = `${Math.ceil(headerHeight) + GAP_PX}px`;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}
