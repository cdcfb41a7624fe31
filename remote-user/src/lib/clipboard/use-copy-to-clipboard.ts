import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from 'common/ui/toast';

/** SPEC.md §9: the Copied! indicator stays 2000 ms. */
export const COPIED_MS = 2000;

export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard';

/** Plain http pages and old browsers have no async clipboard: fall back to a selection copy. */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/** Writes text to the clipboard; false when the browser refused. */
export async function writeToClipboard(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or no secure context: try the older way below.
    }
  }
  return copyWithSelection(text);
}

/**
 * `copy(text)` puts text on the clipboard; `copied` is true for COPIED_MS afterwards (a second
 * copy restarts the time). A refusal shows a toast instead.
 */
export function useCopyToClipboard(duration: number = COPIED_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      const written = await writeToClipboard(text);
      clearTimeout(timer.current);
      if (!written) {
        setCopied(false);
        showToast(COPY_FAILED_MESSAGE, { variant: 'destructive' });
        return false;
      }
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), duration);
      return true;
    },
    [duration],
  );

  return { copied, copy };
}
