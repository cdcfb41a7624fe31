import { Suspense, lazy, useState } from 'react';
import { Button } from 'common/ui/button';
import { HistoryIcon } from 'common/ui/icons';
import type { Summary } from '../lib/summaries/summary';

const loadVersionsDialog = () => import('./versions-dialog');

// The dialog and the word diff it uses are needed only once someone opens it, so they stay out
// of the pages' first chunks (issue 12).
const VersionsDialog = lazy(() =>
  loadVersionsDialog().then((module) => ({ default: module.VersionsDialog })),
);

/** Starts loading the dialog when the pointer or focus reaches the button, before the click. */
function preloadVersionsDialog() {
  void loadVersionsDialog();
}

export interface VersionsButtonProps {
  summary: Summary;
  /** Styling of the opening button. */
  variant?: 'outline' | 'ghost';
  /** Read after `Versions` by screen readers, to tell cards apart. */
  srContext?: string;
  disabled?: boolean;
  /** A version was restored: the summary at its new version (the card shows it). */
  onRestored?: ((summary: Summary) => void) | undefined;
}

/**
 * The `Versions` control: opens the dialog that lists every version, compares any two and
 * restores an old one (versions-dialog.tsx).
 */
export function VersionsButton({
  summary,
  variant = 'outline',
  srContext,
  disabled,
  onRestored,
}: VersionsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        aria-haspopup="dialog"
        disabled={disabled}
        onPointerEnter={preloadVersionsDialog}
        onFocus={preloadVersionsDialog}
        onClick={() => setOpen(true)}
      >
        <HistoryIcon />
        Versions
        {srContext ? <span className="ui-sr-only"> {srContext}</span> : null}
      </Button>
      {open ? (
        // A modal over the page: nothing shifts while its code arrives.
        <Suspense fallback={null}>
          <VersionsDialog
            summary={summary}
            onClose={() => setOpen(false)}
            {...(onRestored ? { onRestored } : {})}
          />
        </Suspense>
      ) : null}
    </>
  );
}
