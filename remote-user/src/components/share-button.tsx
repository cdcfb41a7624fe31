import { Suspense, lazy, useState } from 'react';
import { Button } from 'common/ui/button';
import { ArrowRightIcon } from 'common/ui/icons';
import type { Summary } from '../lib/summaries/summary';

const loadShareDialog = () => import('./share-dialog');

// Needed only once someone opens it, so it stays out of the pages' first chunks.
const ShareDialog = lazy(() =>
  loadShareDialog().then((module) => ({ default: module.ShareDialog })),
);

function preloadShareDialog() {
  void loadShareDialog();
}

export interface ShareButtonProps {
  summary: Summary;
  variant?: 'outline' | 'ghost';
  /** Read after `Share` by screen readers, to tell cards apart. */
  srContext?: string;
  disabled?: boolean;
}

/** The `Share` control: opens the dialog with the summary's read-only link (share-dialog.tsx). */
export function ShareButton({
  summary,
  variant = 'outline',
  srContext,
  disabled,
}: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        aria-haspopup="dialog"
        disabled={disabled}
        onPointerEnter={preloadShareDialog}
        onFocus={preloadShareDialog}
        onClick={() => setOpen(true)}
      >
        <ArrowRightIcon />
        Share
        {srContext ? <span className="ui-sr-only"> {srContext}</span> : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog summary={summary} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
