import { lazy } from 'react';
import { ArrowRightIcon } from 'common/ui/icons';
import type { Summary } from '../lib/summaries/summary';
import { LazyDialogButton } from './lazy-dialog-button';
import type { DialogButtonLook } from './lazy-dialog-button';

const loadShareDialog = () => import('./share-dialog');

const ShareDialog = lazy(() =>
  loadShareDialog().then((module) => ({ default: module.ShareDialog })),
);

function preloadShareDialog() {
  void loadShareDialog();
}

export interface ShareButtonProps extends DialogButtonLook {
  summary: Summary;
}

/** The `Share` control: opens the dialog with the summary's read-only link (share-dialog.tsx). */
export function ShareButton({ summary, ...look }: ShareButtonProps) {
  return (
    <LazyDialogButton
      {...look}
      label="Share"
      icon={<ArrowRightIcon />}
      preload={preloadShareDialog}
      dialog={(close) => <ShareDialog summary={summary} onClose={close} />}
    />
  );
}
