import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';

/** How long a remote page may take to show its heading before the focus move is given up. */
const HEADING_WAIT_MS = 10_000;

/** Focus still where the navigation left it: nowhere, or on the link or button that navigated. */
function focusIsOutsidePage(main: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !main.contains(active);
}

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  window.scrollTo({ top: 0 });
  heading.focus({ preventScroll: true });
}

/**
 * After a navigation to another page (not the first page shown, not a change of its query),
 * focus moves to the new page's main heading, its h1 (given tabIndex -1), so a screen reader
 * reads where the person is and the next Tab starts in the page. Remote pages arrive late: the
 * heading is awaited until it shows (at most HEADING_WAIT_MS). A page that has already put focus inside itself keeps it,
 * and so does a dialog (`skip`, the Access Denied one).
 */
export function useFocusPageHeading(
  main: RefObject<HTMLElement | null>,
  pathname: string,
  skip: boolean,
): void {
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const previous = shownPath.current;
    shownPath.current = pathname;
    const root = main.current;
    if (previous === null || previous === pathname || skip || !root) return;
    // Committed with the new location, the layout holds the new page or its loading spinner:
    // any h1 in it is the new page's.
    const tryFocus = (): boolean => {
      const heading = root.querySelector('h1');
      if (!heading) return false;
      if (focusIsOutsidePage(root)) focusHeading(heading);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [main, pathname, skip]);
}
