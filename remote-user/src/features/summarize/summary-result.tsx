import type { Ref } from 'react';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from 'common/ui/card';
import { InfoIcon, XIcon, ZapIcon } from 'common/ui/icons';
import { SummaryReview } from '../../components/review/summary-review';
import { SummaryKindBadge } from '../../components/summary-kind-badge';
import { SourceLinkedSummary } from '../../components/source-linked-summary';
import {
  fallbackExplanation,
  promptNotice,
  formatCount,
  summaryModelLabel,
  summaryVersion,
} from '../../lib/summaries/summary';
import { formatCompression } from '../../lib/summaries/compression';
import type { Summary, SummaryOptions } from '../../lib/summaries/summary';
import { SummaryActions } from '../../components/summary-actions';
import { SummarySource } from '../../components/summary-source';
import { LazyAskDocument } from '../../components/ask-document/lazy-ask-document';
import { DocumentWarning } from 'common/components/document-warning';
import { SummaryLanguages } from 'common/components/summary-languages';
import { includePrompt } from 'common/section-coverage';
import { useSummaryRegeneration } from '../../components/use-summary-regeneration';

export interface SummaryResultProps {
  summary: Summary;
  /** The Length and Format chosen for a regeneration (remembered for the next summary). */
  onOptionsChosen?: (options: SummaryOptions) => void;
  /** Length and Format the Re-prompt panel starts from when the summary names none. */
  defaultOptions: SummaryOptions;
  onReset: () => void;
  /** A regeneration is running: the text is dimmed and marked busy. */
  regenerating: boolean;
  /** The heading, focused when a new summary arrives. */
  headingRef?: Ref<HTMLHeadingElement>;
}

function Metric({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'ru-metric ru-metric--wide' : 'ru-metric'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const orDash = (value: number | null, format: (value: number) => string) =>
  value === null || value === undefined ? '—' : format(value);

/** The result card: the summary, its numbers, and Re-prompt, Copy, Download and Reset. */
export function SummaryResult({
  summary,
  onOptionsChosen,
  onReset,
  regenerating,
  headingRef,
  defaultOptions,
}: SummaryResultProps) {
  const version = summaryVersion(summary);
  const fallbackWhy = fallbackExplanation(summary);
  const promptNote = promptNotice(summary);
  // An uncovered section chosen in the source view: a new version that draws on it (issue 28);
  // the store follows, so this card shows it.
  const inclusion = useSummaryRegeneration();
  const includeSection = (title: string) =>
    void inclusion.regenerate(summary, includePrompt(title));
  const busy = regenerating || inclusion.busy;

  return (
    // A named region: a generic div may not carry a name (ARIA 1.2), so the label was lost.
    <Card className="ru-result" role="region" aria-labelledby="summary-result-heading">
      <CardHeader className="ru-result__header">
        <div className="ru-result__title-row">
          <CardTitle as="h2" id="summary-result-heading" ref={headingRef} tabIndex={-1}>
            Your summary
          </CardTitle>
          <div className="ui-row">
            <SummaryKindBadge summary={summary} />
            {version ? <Badge variant="outline">Version {version}</Badge> : null}
          </div>
        </div>
      </CardHeader>
      <CardContent className="ru-result__content">
        <SummarySource summary={summary} />
        <SummaryLanguages summary={summary} />
        <DocumentWarning
          hiddenText={summary.hiddenText}
          instructionLike={summary.instructionLike}
        />
        {fallbackWhy ? (
          <p className="ru-result__fallback">
            <ZapIcon size={14} />
            <span>{fallbackWhy}</span>
          </p>
        ) : null}
        {promptNote ? (
          <p className="ru-result__fallback ru-result__prompt-note" role="note">
            <InfoIcon size={14} />
            <span>{promptNote}</span>
          </p>
        ) : null}
        <div aria-busy={busy} className={busy ? 'ru-result__text ru-dimmed' : 'ru-result__text'}>
          <SourceLinkedSummary
            summary={summary}
            showKeywords
            onIncludeSection={includeSection}
            includeBusy={busy}
            below={(show, shown) => <LazyAskDocument summary={summary} show={show} shown={shown} />}
          />
        </div>
        {inclusion.error ? (
          <p className="ui-field__error" role="alert">
            {inclusion.error}
          </p>
        ) : null}
        <dl className="ru-metrics">
          <Metric label="Original words" value={orDash(summary.originalWordCount, formatCount)} />
          <Metric label="Summary words" value={orDash(summary.summaryWordCount, formatCount)} />
          <Metric
            label="Compression"
            value={
              formatCompression(
                summary.compressionRatio,
                summary.originalWordCount,
                summary.summaryWordCount,
              ) ?? '—'
            }
          />
          <Metric
            label="Processing time"
            value={orDash(summary.processingTime, (ms) => `${formatCount(ms)} ms`)}
          />
          <Metric label="Model" value={summaryModelLabel(summary)} wide />
        </dl>
        <SummaryReview summary={summary} />
        <SummaryActions
          summary={summary}
          className="ru-result__actions"
          defaultOptions={defaultOptions}
          {...(onOptionsChosen ? { onOptionsChosen } : {})}
          after={
            <Button variant="ghost" size="sm" onClick={onReset} disabled={regenerating}>
              <XIcon />
              Reset
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
