import { useId, useState } from 'react';
import type { Ref } from 'react';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from 'common/ui/card';
import { DownloadIcon, RefreshIcon, XIcon } from 'common/ui/icons';
import { CopyButton } from '../../components/copy-button';
import { SummaryReview } from '../../components/review/summary-review';
import { SummaryKindBadge } from '../../components/summary-kind-badge';
import { SummaryText } from '../../components/summary-text';
import { formatCount, summaryModelLabel, summaryVersion } from '../../lib/summaries/summary';
import type { Summary } from '../../lib/summaries/summary';
import { RepromptPanel } from './reprompt-panel';
import { downloadSummary } from './summary-download';

export interface SummaryResultProps {
  summary: Summary;
  /** Regenerates with the custom prompt (null for none); resolves true on success. */
  onRegenerate: (customPrompt: string | null) => Promise<boolean>;
  onReset: () => void;
  regenerating: boolean;
  regenerationError: string | null;
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
  onRegenerate,
  onReset,
  regenerating,
  regenerationError,
  headingRef,
}: SummaryResultProps) {
  const panelId = `reprompt${useId()}`;
  const [panelOpen, setPanelOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const version = summaryVersion(summary);

  const regenerate = async () => {
    const succeeded = await onRegenerate(prompt.trim() === '' ? null : prompt.trim());
    if (succeeded) setPanelOpen(false);
  };

  return (
    // A named region: a generic div may not carry a name (ARIA 1.2), so the label was lost.
    <Card className="ru-result" role="region" aria-labelledby="summary-result-heading">
      <CardHeader className="ru-result__header">
        <div className="ru-result__title-row">
          <CardTitle as="h2" id="summary-result-heading" ref={headingRef} tabIndex={-1}>
            Your Summary
          </CardTitle>
          <div className="ui-row">
            <SummaryKindBadge summary={summary} />
            {version ? <Badge variant="outline">Version {version}</Badge> : null}
          </div>
        </div>
      </CardHeader>
      <CardContent className="ru-result__content">
        <div
          aria-busy={regenerating}
          className={regenerating ? 'ru-result__text ru-dimmed' : 'ru-result__text'}
        >
          <SummaryText text={summary.summarizedContent} />
        </div>
        <dl className="ru-metrics">
          <Metric label="Original words" value={orDash(summary.originalWordCount, formatCount)} />
          <Metric label="Summary words" value={orDash(summary.summaryWordCount, formatCount)} />
          <Metric
            label="Compression"
            value={orDash(summary.compressionRatio, (ratio) => `${ratio}%`)}
          />
          <Metric
            label="Processing time"
            value={orDash(summary.processingTime, (ms) => `${formatCount(ms)} ms`)}
          />
          <Metric label="Model" value={summaryModelLabel(summary)} wide />
        </dl>
        <SummaryReview summary={summary} />
        <div className="ru-result__actions" role="group" aria-label="Summary actions">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={panelOpen}
            aria-controls={panelOpen ? panelId : undefined}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <RefreshIcon />
            Re-prompt
          </Button>
          <CopyButton text={summary.summarizedContent} />
          <Button variant="outline" size="sm" onClick={() => downloadSummary(summary, 'txt')}>
            <DownloadIcon />
            <span>
              Download <span className="ru-nowrap">.txt</span>
            </span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => downloadSummary(summary, 'md')}>
            <DownloadIcon />
            <span>
              Download <span className="ru-nowrap">.md</span>
            </span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onReset} disabled={regenerating}>
            <XIcon />
            Reset
          </Button>
        </div>
        {panelOpen ? (
          <RepromptPanel
            id={panelId}
            prompt={prompt}
            onPromptChange={setPrompt}
            onRegenerate={() => void regenerate()}
            onCancel={() => setPanelOpen(false)}
            regenerating={regenerating}
            error={regenerationError}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
