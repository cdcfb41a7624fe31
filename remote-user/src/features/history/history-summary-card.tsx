import { Fragment, Suspense, lazy, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { PageMarker } from 'common/components/page-marker';
import { splitPages } from 'common/source-map';
import { summaryTitle } from 'common/summary-title';
import { formatFullDateTime, formatWhen } from 'common/date-format';
import { NO_PREVIEW, preview } from 'common/text';
import { Button } from 'common/ui/button';
import { ExpandButton } from 'common/ui/expand-button';
import {
  ClockIcon,
  FileTextIcon,
  HistoryIcon,
  InfoIcon,
  TrashIcon,
  ZapIcon,
} from 'common/ui/icons';
import { SummaryReview } from '../../components/review/summary-review';
import { SummaryKindBadge } from '../../components/summary-kind-badge';
import { SummaryText } from '../../components/summary-text';
import { summarySentences } from '../../lib/summaries/source-map';
import { formatCompression } from '../../lib/summaries/compression';
import {
  formatCount,
  promptNotice,
  summaryModelLabel,
  summaryVersion,
} from '../../lib/summaries/summary';
import type { Summary } from '../../lib/summaries/summary';
import { SummaryActions } from '../../components/summary-actions';
import { SummarySource } from '../../components/summary-source';
import { DocumentWarning } from 'common/components/document-warning';
import { SummaryLanguages } from 'common/components/summary-languages';
import { textLanguageAttributes } from 'common/summary-language';
import { CollectionDocuments } from '../../components/collection-documents';
import { useSummaryRegeneration, versionNumber } from '../../components/use-summary-regeneration';
import { includePrompt } from 'common/section-coverage';
import { LazyAskDocument } from '../../components/ask-document/lazy-ask-document';

// The summary beside its source is shown only in an expanded card: its code loads then, and the
// plain summary stands in for it meanwhile (issue 12).
const SourceLinkedSummary = lazy(() =>
  import('../../components/source-linked-summary').then((module) => ({
    default: module.SourceLinkedSummary,
  })),
);

export const SUMMARY_NOT_AVAILABLE = 'Summary not available';

function isNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export interface HistorySummaryCardProps {
  summary: Summary;
  onDelete: (summary: Summary) => void;
  deleting: boolean;
  /** Opens expanded (a summary a link pointed at). */
  defaultExpanded?: boolean;
  /** "now" for the relative date; the current time by default. */
  now?: Date;
  /** Its checkbox for combining and comparing (issue 29), above its title. */
  selection?: ReactNode;
}

/** One summary of /history: badge, date, preview, numbers, and expand, copy and delete. */
export function HistorySummaryCard({
  summary: given,
  onDelete,
  deleting,
  defaultExpanded = false,
  now,
  selection,
}: HistorySummaryCardProps) {
  const id = useId();
  const headingId = `summary${id}heading`;
  const detailsId = `summary${id}details`;
  const [expanded, setExpanded] = useState(defaultExpanded);
  // A version made on this card (regenerated, restored) shows at once, whoever holds the list;
  // a newer one from the page (a reload) takes over again.
  const [changed, setChanged] = useState<Summary | null>(null);
  const summary =
    changed && changed.id === given.id && versionNumber(changed) >= versionNumber(given)
      ? changed
      : given;
  const version = summaryVersion(summary);
  const compression = formatCompression(
    summary.compressionRatio,
    summary.originalWordCount,
    summary.summaryWordCount,
  );
  const created = new Date(summary.createdAt);
  const relativeDate = formatWhen(created, now);
  const summaryText = summary.summarizedContent?.trim() ?? '';
  const previewText = preview(summary.summarizedContent);
  const title = summaryTitle(summary);
  const promptNote = promptNotice(summary);
  // An uncovered section chosen in the source view: a new version that draws on it (issue 28).
  const inclusion = useSummaryRegeneration(setChanged);
  const includeSection = (sectionTitle: string) =>
    void inclusion.regenerate(summary, includePrompt(sectionTitle));

  return (
    <article
      className="ru-history-card"
      aria-labelledby={headingId}
      aria-busy={deleting || undefined}
    >
      {selection}
      {/* Named by its source (a file, a page, the pasted text's first words); the date below. */}
      <h2 id={headingId} className="ru-history-card__title" title={title}>
        {title}
      </h2>
      <div className="ru-history-card__top">
        <SummaryKindBadge summary={summary} />
        {relativeDate ? (
          <time
            className="ru-history-card__date"
            dateTime={summary.createdAt}
            title={formatFullDateTime(created)}
          >
            {relativeDate}
          </time>
        ) : null}
      </div>

      <SummarySource summary={summary} className="ru-history-card__source" />
      <SummaryLanguages summary={summary} />
      <CollectionDocuments summary={summary} />
      <DocumentWarning
        hiddenText={summary.hiddenText}
        instructionLike={summary.instructionLike}
        inList
      />

      <p
        className={
          previewText === NO_PREVIEW
            ? 'ru-history-card__preview ui-muted'
            : 'ru-history-card__preview'
        }
        {...(previewText === NO_PREVIEW ? {} : textLanguageAttributes(summary.language))}
      >
        {previewText}
      </p>

      {promptNote ? (
        <p className="ru-history-card__prompt-note" role="note">
          <InfoIcon />
          {promptNote}
        </p>
      ) : null}

      <ul className="ru-history-card__meta" aria-label="Details">
        <li>
          <FileTextIcon />
          {isNumber(summary.originalWordCount)
            ? formatCount(summary.originalWordCount)
            : 'N/A'}{' '}
          words
        </li>
        {compression !== null ? (
          <li>
            <ZapIcon />
            {compression} compressed
          </li>
        ) : null}
        {isNumber(summary.processingTime) ? (
          <li>
            <ClockIcon />
            {formatCount(summary.processingTime)}ms
          </li>
        ) : null}
        {version ? (
          <li>
            <HistoryIcon />
            Version {version}
          </li>
        ) : null}
      </ul>

      <SummaryReview summary={summary} showHistory={expanded} onChanged={setChanged} />

      <SummaryActions
        summary={summary}
        compact={!expanded}
        variant="ghost"
        className="ru-history-card__actions"
        srContext={`of the summary from ${relativeDate}`}
        onChanged={setChanged}
        before={
          <ExpandButton
            expanded={expanded}
            controls={detailsId}
            onToggle={() => setExpanded((open) => !open)}
            labels={['Show more', 'Show less']}
            srContext={` of the summary from ${relativeDate}`}
          />
        }
        after={
          <Button
            variant="ghost"
            danger
            size="sm"
            loading={deleting}
            onClick={() => onDelete(summary)}
          >
            {deleting ? null : <TrashIcon />}
            Delete
            <span className="ui-sr-only"> the summary from {relativeDate}</span>
          </Button>
        }
      />

      <div id={detailsId} className="ru-history-card__details" hidden={!expanded}>
        {expanded && summarySentences(summary) ? (
          <>
            <Suspense
              fallback={
                <SummaryText text={summaryText} {...textLanguageAttributes(summary.language)} />
              }
            >
              <SourceLinkedSummary
                summary={summary}
                showKeywords
                onIncludeSection={includeSection}
                includeBusy={inclusion.busy}
                below={(show, shown) => (
                  <LazyAskDocument summary={summary} show={show} shown={shown} />
                )}
              />
            </Suspense>
            {inclusion.error ? (
              <p className="ui-field__error" role="alert">
                {inclusion.error}
              </p>
            ) : null}
            <p className="ru-history-card__model">
              <span className="ui-muted">Model:</span> {summaryModelLabel(summary)}
            </p>
          </>
        ) : expanded ? (
          <>
            {/* Not a named section: the scrollable box below is the one "Original content" region. */}
            <section>
              <h3 id={`${detailsId}-original`} className="ru-details-title">
                Original content
              </h3>
              <div
                className="ru-history-card__original"
                // A scrollable region: focusable so keyboard users can scroll it.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                role="region"
                aria-labelledby={`${detailsId}-original`}
                {...textLanguageAttributes(summary.sourceLanguage)}
              >
                {summary.originalContent?.trim()
                  ? splitPages(summary.originalContent, summary.pageBreaks).map((page) => (
                      <Fragment key={page.page}>
                        {page.page > 1 ? <PageMarker page={page.page} /> : null}
                        {page.text}
                      </Fragment>
                    ))
                  : 'Original content not available'}
              </div>
            </section>
            <section aria-labelledby={`${detailsId}-summary`}>
              <h3 id={`${detailsId}-summary`} className="ru-details-title">
                Summary
              </h3>
              {summaryText ? (
                <SummaryText text={summaryText} {...textLanguageAttributes(summary.language)} />
              ) : (
                <p className="ui-muted">{SUMMARY_NOT_AVAILABLE}</p>
              )}
            </section>
            <p className="ru-history-card__model">
              <span className="ui-muted">Model:</span> {summaryModelLabel(summary)}
            </p>
          </>
        ) : null}
      </div>
    </article>
  );
}
