import { Suspense, lazy, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { DocumentWarning } from 'common/components/document-warning';
import { SummaryText } from 'common/components/summary-text';
import type { HiddenTextPassage, InstructionLikePassage } from 'common/document-warnings';
import { cx } from 'common/cx';
import { fallbackExplanation } from 'common/fallback-reason';
import type { OwnSummaryRecord } from 'common/own-summary';
import { summarySentences } from 'common/source-map';
import { DEFAULT_PORTAL_CONFIG } from 'common/portal-config';
import { roleBadgeVariant, roleLabel } from 'common/roles';
import { formatInteger, preview } from 'common/text';
import { When } from 'common/ui/when';
import { Badge } from 'common/ui/badge';
import { ExpandButton } from 'common/ui/expand-button';
import { SummaryKindBadge } from 'common/ui/summary-kind-badge';
import './summary-card.css';

// The summary beside its source, as its author sees it (issue 26): loaded when a card expands.
const SourceLinkedSummary = lazy(() =>
  import('common/components/source-linked-summary').then((module) => ({
    default: module.SourceLinkedSummary,
  })),
);

/** SPEC.md /history: the expanded view's text when a summary is empty. */
export const SUMMARY_NOT_AVAILABLE = 'Summary not available';

/** The heading of a summary in one's own listing, which names no author. */
export const OWN_SUMMARY_TITLE = 'Your summary';

/** The fields of a summary the card shows; any Summary of API.md fits. */
export interface SummaryCardData {
  summarizedContent: string | null;
  originalContent: string | null;
  originalWordCount: number | null;
  summaryWordCount: number | null;
  compressionRatio: number | null;
  createdAt: string;
  aiModel?: string | null;
  /** Written by the local summarizer: a Quick Summary rather than AI Generated. */
  isFallback?: boolean;
  /** Why it is a Quick Summary (API.md `fallbackReason`), said in the badge's tooltip and text. */
  fallbackReason?: string | null;
  /** Who wrote it, on staff listings; absent on one's own. */
  user?: { name: string; email: string; role: string } | null;
  /** The source checks (API.md "Additions"): shown as the author sees them when present. */
  sourceMap?: OwnSummaryRecord['sourceMap'] | null;
  keywords?: string[] | null;
  unverified?: string[] | null;
  format?: OwnSummaryRecord['format'];
  /** What the document hid from its readers and its text addressed to an AI (issue 28). */
  hiddenText?: readonly HiddenTextPassage[] | null;
  instructionLike?: readonly InstructionLikePassage[] | null;
}

export interface SummaryCardProps {
  summary: SummaryCardData;
  /** Badges after the author's role (or the summary's kind): a review status, EDITING. */
  badges?: ReactNode;
  /** Shown instead of the preview while the summary is edited (the expand toggle hides). */
  editor?: ReactNode;
  /** Buttons after the expand toggle. */
  actions?: ReactNode;
  /** Extra content under the preview, such as review comments. */
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
}

function count(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatInteger(value) : 'N/A';
}

/**
 * A summary in a staff list: the author's role badge, name and email (or, on one's own, the
 * summary's kind), a 150-character preview, word counts, compression ratio and date; expands to
 * the whole summary, the original text and the model. An article labelled by its heading (the
 * author's name); the toggle says whether it is expanded.
 */
export function SummaryCard({
  summary,
  badges,
  editor,
  actions,
  children,
  headingLevel: Heading = 'h3',
  className,
}: SummaryCardProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const titleId = `summary${id}title`;
  const detailsId = `summary${id}details`;
  const ratio = summary.compressionRatio;
  const author = summary.user;
  const summaryText = summary.summarizedContent?.trim() ?? '';
  // Why the author got a Quick Summary, said in words where the summary is read.
  const fallbackWhy = summary.isFallback ? fallbackExplanation(summary) : null;
  // With a source map, the summary is shown sentence by sentence beside its source.
  const linked = useMemo(
    () =>
      summary.sourceMap && summarySentences(summary)
        ? {
            summarizedContent: summary.summarizedContent?.trim() ?? '',
            originalContent: summary.originalContent ?? '',
            sourceMap: summary.sourceMap,
            keywords: summary.keywords ?? [],
            unverified: summary.unverified ?? [],
            format: summary.format,
          }
        : null,
    [summary],
  );
  return (
    <article aria-labelledby={titleId} className={cx('ui-card', 'ui-summary-card', className)}>
      <div className="ui-summary-card__top">
        <div className="ui-summary-card__badges">
          {author ? (
            <>
              <Badge variant={roleBadgeVariant(author.role)}>{roleLabel(author.role)}</Badge>
              {/* Staff see which summaries Gemini did not write, and why. */}
              {summary.isFallback ? <SummaryKindBadge summary={summary} variant="outline" /> : null}
            </>
          ) : (
            <SummaryKindBadge summary={summary} variant="outline" />
          )}
          {badges}
        </div>
        <When className="ui-summary-card__date" value={summary.createdAt} />
      </div>
      <div>
        <Heading id={titleId} className="ui-summary-card__title">
          {author ? author.name : OWN_SUMMARY_TITLE}
        </Heading>
        {author ? <p className="ui-summary-card__subtitle">{author.email}</p> : null}
      </div>
      <DocumentWarning
        hiddenText={summary.hiddenText ?? []}
        instructionLike={summary.instructionLike ?? []}
        inList
      />
      {editor ?? (
        <>
          {expanded ? null : (
            <p className="ui-summary-card__preview">{preview(summary.summarizedContent)}</p>
          )}
          <div id={detailsId} hidden={!expanded} className="ui-summary-card__details">
            {expanded ? (
              <>
                {fallbackWhy ? (
                  <p className="ui-summary-card__why" role="note">
                    {fallbackWhy}
                  </p>
                ) : null}
                {linked ? (
                  <Suspense fallback={<SummaryText text={summaryText} />}>
                    <SourceLinkedSummary summary={linked} headingLevel={4} showKeywords />
                  </Suspense>
                ) : (
                  <>
                    <section>
                      <h4 className="ui-summary-card__label">Summary</h4>
                      {summaryText ? (
                        <SummaryText text={summaryText} className="ui-summary-card__text" />
                      ) : (
                        <p className="ui-summary-card__text">{SUMMARY_NOT_AVAILABLE}</p>
                      )}
                    </section>
                    <section>
                      <h4 className="ui-summary-card__label">Original content</h4>
                      <p className="ui-summary-card__text ui-summary-card__text--original">
                        {summary.originalContent}
                      </p>
                    </section>
                  </>
                )}
                <p className="ui-summary-card__model">
                  Model: {summary.aiModel || DEFAULT_PORTAL_CONFIG.model}
                </p>
              </>
            ) : null}
          </div>
        </>
      )}
      <dl className="ui-summary-card__stats">
        <div>
          <dt>Words</dt>
          <dd>
            {count(summary.originalWordCount)} → {count(summary.summaryWordCount)}
          </dd>
        </div>
        <div>
          <dt>Compression</dt>
          <dd>{typeof ratio === 'number' && Number.isFinite(ratio) ? `${ratio}%` : 'N/A'}</dd>
        </div>
      </dl>
      {children}
      <div className="ui-summary-card__actions">
        {editor ? null : (
          <ExpandButton
            expanded={expanded}
            controls={detailsId}
            onToggle={() => setExpanded((open) => !open)}
            labels={['Expand', 'Collapse']}
          />
        )}
        {actions}
      </div>
    </article>
  );
}
