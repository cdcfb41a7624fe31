import { useEffect, useId, useState } from 'react';
import { toApiErrorInfo } from 'common/api-client';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Dialog } from 'common/ui/dialog';
import { Input } from 'common/ui/input';
import { Spinner } from 'common/ui/spinner';
import {
  SHARE_MESSAGES,
  deleteShare,
  postShare,
  shareLinkOf,
} from '../lib/summaries/summary-share-api';
import type { SummaryShare } from '../lib/summaries/summary-share-api';
import type { Summary } from '../lib/summaries/summary';
import { CopyButton } from './copy-button';

export interface ShareDialogProps {
  summary: Summary;
  onClose: () => void;
}

/** "Viewed 1 time", "Viewed 3 times". */
export function viewsLabel(views: number): string {
  return `Viewed ${views} ${views === 1 ? 'time' : 'times'}`;
}

/**
 * Share: opening it makes the summary's read-only link (or reads the one it has: the same
 * link until sharing stops), shows it with `Copy link` and how often it was opened, and
 * `Stop sharing` ends it at once. Anyone with the link reads the summary without signing in.
 */
export function ShareDialog({ summary, onClose }: ShareDialogProps) {
  const linkId = `share-link${useId()}`;
  const [share, setShare] = useState<SummaryShare | null>(null);
  const [stopped, setStopped] = useState(false);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const summaryId = summary.id;
  useEffect(() => {
    let current = true;
    postShare(summaryId).then(
      (made) => {
        if (!current) return;
        setShare(made);
        setBusy(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(toApiErrorInfo(failure, SHARE_MESSAGES.share).message);
        setBusy(false);
      },
    );
    return () => {
      current = false;
    };
  }, [summaryId]);

  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteShare(summaryId);
      setShare(null);
      setStopped(true);
    } catch (failure) {
      setError(toApiErrorInfo(failure, SHARE_MESSAGES.stop).message);
    } finally {
      setBusy(false);
    }
  };

  const link = share ? shareLinkOf(share) : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Share a read-only link"
      description="Anyone with the link can read this summary and its original without signing in. They never see your email, credits or reviews."
      footer={
        <>
          {link ? (
            <Button variant="outline" danger size="sm" loading={busy} onClick={() => void stop()}>
              Stop sharing
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <ErrorAlert message={error} />
      {busy && !share ? <Spinner label="Making the link…" showLabel /> : null}
      {link && share ? (
        <div className="ru-share">
          <label htmlFor={linkId} className="ru-details-title">
            Link
          </label>
          <div className="ru-share__row">
            <Input
              id={linkId}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton text={link} label="Copy link" />
          </div>
          <p className="ui-muted">{viewsLabel(share.views)}</p>
        </div>
      ) : null}
      {stopped ? <p role="status">Sharing stopped. The link no longer works.</p> : null}
    </Dialog>
  );
}
