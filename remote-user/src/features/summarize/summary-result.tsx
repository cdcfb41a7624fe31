import { useId, useState } from 'react';
import type { Ref } from 'react';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from 'common/ui/card';
import { DownloadIcon, InfoIcon, RefreshIcon, XIcon, ZapIcon } from 'common/ui/icons';
import { CopyButton } from '../../components/copy-button';
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
import type { Summary, SummaryOptions } from '../../lib/summaries/summary';
import type { ExportFormat } from '../../lib/summaries/summaries-api';
import {
  downloadSummaryExport,
  summaryAsMarkdownText,
  summaryAsPlainText,
} from '../../components/summary-export';
import { VersionsButton } from '../../components/versions-button';
import { RepromptPanel } from './reprompt-panel';
import { downloadSummary } from './summary-download';

export interface SummaryResultProps {
  summary: Summary;
  /** Regenerates with the custom prompt (null for none); resolves true on success. */
  onRegenerate: (customPrompt: string | null, options: SummaryOptions) => Promise<boolean>;
  /** Length and Format the Re-prompt panel starts from when the summary names none. */
  defaultOptions: SummaryOptions;
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
  defaultOptions,
}: SummaryResultProps) {
  const panelId = `reprompt${useId()}`;
  const [panelOpen, setPanelOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [options, setOptions] = useState<SummaryOptions>(defaultOptions);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const version = summaryVersion(summary);
  const fallbackWhy = fallbackExplanation(summary);
  const promptNote = promptNotice(summary);

  const togglePanel = () => {
    if (!panelOpen) {
      // The panel starts from the summary's own length and format.
      setOptions({
        length: summary.length ?? defaultOptions.length,
        format: summary.format ?? defaultOptions.format,
      });
    }
    setPanelOpen((open) => !open);
  };

  const regenerate = async () => {
    const succeeded = await onRegenerate(prompt.trim() === '' ? null : prompt.trim(), options);
    if (succeeded) setPanelOpen(false);
  };

  // .txt and .md are written here from the summary the card shows; .docx is built by the API.
  const download = async (format: ExportFormat) => {
    if (format !== 'docx') {
      downloadSummary(summary, format);
      return;
    }
    setExporting(format);
    await downloadSummaryExport(summary, format);
    setExporting(null);
  };

  const downloadButton = (format: ExportFormat) => (
    <Button
      variant="outline"
      size="sm"
      loading={exporting === format}
      disabled={exporting !== null && exporting !== format}
      onClick={() => void download(format)}
    >
      {exporting === format ? null : <DownloadIcon />}
      <span>
        Download <span className="ru-nowrap">.{format}</span>
      </span>
    </Button>
  );

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
        <div
          aria-busy={regenerating}
          className={regenerating ? 'ru-result__text ru-dimmed' : 'ru-result__text'}
        >
          <SourceLinkedSummary summary={summary} showKeywords />
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
            onClick={togglePanel}
          >
            <RefreshIcon />
            Re-prompt
          </Button>
          <VersionsButton summary={summary} disabled={regenerating} />
          <CopyButton text={summaryAsPlainText(summary)} />
          <CopyButton text={summaryAsMarkdownText(summary)} label="Copy as Markdown" />
          {downloadButton('txt')}
          {downloadButton('md')}
          {downloadButton('docx')}
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
            options={options}
            onOptionsChange={setOptions}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
