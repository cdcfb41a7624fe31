import { useEffect, useId, useState } from 'react';
import { toApiErrorInfo } from 'common/api-client';
import { useAppDispatch } from 'common/store';
import { plainTextOfMarkdown } from 'common/text';
import { When } from 'common/ui/when';
import { ErrorAlert } from 'common/ui/alert';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { Dialog } from 'common/ui/dialog';
import { RefreshIcon } from 'common/ui/icons';
import { Spinner } from 'common/ui/spinner';
import { showToast } from 'common/ui/toast';
import {
  WORKBENCH_MESSAGES,
  getSummaryVersions,
  postRestoreVersion,
} from 'common/own-summaries-api';
import { summaryUpdated } from '../lib/summaries/summary-changes';
import {
  DEFAULT_MODEL_LABEL,
  fallbackExplanation,
  formatLabel,
  lengthLabel,
} from '../lib/summaries/summary';
import type { Summary, SummaryVersion } from '../lib/summaries/summary';
import { REVIEW_STATUS_LABELS } from './review/review-status';
import { diffSummaries } from './summary-diff';
import './versions-dialog.css';

/**
 * Two versions' texts with what changed: removed on the older, added on the newer; sentence by
 * sentence, then word by word inside the changed sentences (summary-diff.ts).
 */
export function VersionComparison({
  older,
  newer,
}: {
  older: SummaryVersion;
  newer: SummaryVersion;
}) {
  // Compared as text: a `- ` or `**` is layout, not a changed word.
  const parts = diffSummaries(
    plainTextOfMarkdown(older.summarizedContent),
    plainTextOfMarkdown(newer.summarizedContent),
  );
  return (
    <section
      className="ru-version-sides"
      aria-label={`Version ${older.version} and version ${newer.version} compared`}
    >
      <div className="ru-version-sides__side">
        <h3 className="ru-details-title">Version {older.version}</h3>
        <p className="ru-version-sides__text">
          {parts.map((part, index) =>
            part.added ? null : part.removed ? (
              <del key={index} className="ru-diff ru-diff--removed">
                {part.value}
              </del>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </p>
      </div>
      <div className="ru-version-sides__side">
        <h3 className="ru-details-title">Version {newer.version}</h3>
        <p className="ru-version-sides__text">
          {parts.map((part, index) =>
            part.removed ? null : part.added ? (
              <ins key={index} className="ru-diff ru-diff--added">
                {part.value}
              </ins>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </p>
      </div>
    </section>
  );
}

export interface VersionsDialogProps {
  summary: Summary;
  onClose: () => void;
  /** A version was restored: the summary at its new version. */
  onRestored?: (summary: Summary) => void;
}

/**
 * The Versions dialog, open while mounted: lists the versions (number, date, prompt, length,
 * format, model, who edited), newest first, a page at a time (`Show older versions` adds the
 * next), compares any two with the changed words marked, and restores an old one (free) as a
 * new current version. Loaded only when a person opens it (versions-button.tsx), with the word
 * diff it needs.
 */
export function VersionsDialog({ summary, onClose, onRestored }: VersionsDialogProps) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [versions, setVersions] = useState<SummaryVersion[] | null>(null);
  /** The last page shown, and whether older versions follow it. */
  const [pages, setPages] = useState({ shown: 1, hasOlder: false });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<number | null>(null);

  const loadOlder = async () => {
    setLoadingOlder(true);
    setError(null);
    try {
      const next = await getSummaryVersions(summary.id, pages.shown + 1);
      setVersions((shown) => {
        const known = new Set(shown?.map((version) => version.version));
        return [...(shown ?? []), ...next.versions.filter((item) => !known.has(item.version))];
      });
      setPages({ shown: pages.shown + 1, hasOlder: next.hasOlder });
    } catch (failure) {
      setError(toApiErrorInfo(failure, WORKBENCH_MESSAGES.fetchVersions).message);
    } finally {
      setLoadingOlder(false);
    }
  };

  // The first page is asked for once, when the dialog opens (a restore closes it).
  const summaryId = summary.id;
  useEffect(() => {
    let current = true;
    getSummaryVersions(summaryId).then(
      (loaded) => {
        if (!current) return;
        setVersions(loaded.versions);
        setPages({ shown: 1, hasOlder: loaded.hasOlder });
      },
      (failure: unknown) => {
        if (current) setError(toApiErrorInfo(failure, WORKBENCH_MESSAGES.fetchVersions).message);
      },
    );
    return () => {
      current = false;
    };
  }, [summaryId]);

  const current = versions?.reduce((top, version) => Math.max(top, version.version), 0) ?? 0;

  const toggle = (version: number) => {
    setChosen((previous) =>
      previous.includes(version)
        ? previous.filter((item) => item !== version)
        : [...previous, version].slice(-2),
    );
  };

  const restore = async (version: number) => {
    setRestoring(version);
    setError(null);
    try {
      const restored = await postRestoreVersion(summary.id, version);
      dispatch(summaryUpdated(restored));
      onRestored?.(restored);
      const message = `Version ${version} restored as version ${restored.version ?? current + 1}. Review status: ${REVIEW_STATUS_LABELS[restored.reviewStatus] ?? REVIEW_STATUS_LABELS.pending}.`;
      // The restore is done: the dialog closes, focus goes back to Versions on the card that
      // now shows the restored text, and the toast follows on the page, above everything and
      // announced by the page's live region (a modal makes the rest of the page inert, so a
      // toast shown under it was neither seen nor read).
      onClose();
      setTimeout(() => showToast(message, { variant: 'success', title: 'Restored' }), 0);
    } catch (failure) {
      setError(toApiErrorInfo(failure, WORKBENCH_MESSAGES.restoreVersion).message);
      setRestoring(null);
    }
  };

  const compared =
    chosen.length === 2 && versions
      ? chosen
          .map((number) => versions.find((version) => version.version === number))
          .filter((version): version is SummaryVersion => version !== undefined)
          .sort((a, b) => a.version - b.version)
      : [];

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      title="Versions"
      description="Choose two versions to compare them, or restore an older one as the current version. Restoring is free."
      className="ru-versions-dialog"
    >
      <ErrorAlert message={error} />
      {versions === null && !error ? <Spinner label="Loading versions…" showLabel /> : null}
      {versions ? (
        <ol className="ru-versions" aria-label="Versions, newest first">
          {versions.map((version) => {
            const isCurrent = version.version === current;
            const checkboxId = `version${id}-${version.version}`;
            return (
              <li key={version.version} className="ru-version">
                <div className="ru-version__head">
                  <strong>Version {version.version}</strong>
                  {isCurrent ? <Badge variant="outline">Current</Badge> : null}
                  <When className="ui-muted" value={version.createdAt} />
                </div>
                <dl className="ru-version__meta">
                  <div>
                    <dt>Prompt</dt>
                    <dd>{version.customPrompt?.trim() || 'None'}</dd>
                  </div>
                  <div>
                    <dt>Length</dt>
                    <dd>{lengthLabel(version.length)}</dd>
                  </div>
                  <div>
                    <dt>Format</dt>
                    <dd>{formatLabel(version.format)}</dd>
                  </div>
                  <div>
                    <dt>Model</dt>
                    <dd>
                      {version.isFallback ? (
                        <>
                          <span>Quick Summary</span>
                          <span className="ru-version__why">
                            {fallbackExplanation({
                              isFallback: true,
                              // Versions keep no reason; the current one is the summary's.
                              fallbackReason: isCurrent ? summary.fallbackReason : null,
                            })}
                          </span>
                        </>
                      ) : (
                        version.aiModel?.trim() || DEFAULT_MODEL_LABEL
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>Edited by</dt>
                    <dd>{version.editedBy?.name ?? '—'}</dd>
                  </div>
                </dl>
                <div className="ru-version__actions">
                  <span className="ru-version__compare">
                    <input
                      id={checkboxId}
                      type="checkbox"
                      checked={chosen.includes(version.version)}
                      onChange={() => toggle(version.version)}
                    />
                    <label htmlFor={checkboxId}>
                      Compare<span className="ui-sr-only"> version {version.version}</span>
                    </label>
                  </span>
                  {isCurrent ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      loading={restoring === version.version}
                      disabled={restoring !== null}
                      onClick={() => void restore(version.version)}
                    >
                      {restoring === version.version ? null : <RefreshIcon />}
                      Restore<span className="ui-sr-only"> version {version.version}</span>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {versions && pages.hasOlder ? (
        <Button
          variant="outline"
          size="sm"
          className="ru-versions__older"
          loading={loadingOlder}
          disabled={loadingOlder}
          onClick={() => void loadOlder()}
        >
          Show older versions
        </Button>
      ) : null}
      {versions && versions.length > 1 && compared.length !== 2 ? (
        <p className="ui-muted ru-versions__hint">Choose two versions to compare them.</p>
      ) : null}
      {compared.length === 2 ? (
        <VersionComparison
          older={compared[0] as SummaryVersion}
          newer={compared[1] as SummaryVersion}
        />
      ) : null}
    </Dialog>
  );
}
