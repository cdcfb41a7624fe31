import { lazy } from 'react';
import { HistoryIcon } from 'common/ui/icons';
import type { Summary } from '../lib/summaries/summary';
import { LazyDialogButton } from './lazy-dialog-button';
import type { DialogButtonLook } from './lazy-dialog-button';

const loadVersionsDialog = () => import('./versions-dialog');

// The dialog and the word diff it uses load only once someone is about to open it.
const VersionsDialog = lazy(() =>
  loadVersionsDialog().then((module) => ({ default: module.VersionsDialog })),
);

function preloadVersionsDialog() {
  void loadVersionsDialog();
}

export interface VersionsButtonProps extends DialogButtonLook {
  summary: Summary;
  /** A version was restored: the summary at its new version (the card shows it). */
  onRestored?: ((summary: Summary) => void) | undefined;
}

/**
 * The `Versions` control: opens the dialog that lists every version, compares any two and
 * restores an old one (versions-dialog.tsx).
 */
export function VersionsButton({ summary, onRestored, ...look }: VersionsButtonProps) {
  return (
    <LazyDialogButton
      {...look}
      label="Versions"
      icon={<HistoryIcon />}
      preload={preloadVersionsDialog}
      dialog={(close) => (
        <VersionsDialog summary={summary} onClose={close} {...(onRestored ? { onRestored } : {})} />
      )}
    />
  );
}
