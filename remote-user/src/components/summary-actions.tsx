import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'common/ui/button';
import { DownloadIcon, RefreshIcon } from 'common/ui/icons';
import { ShareButton } from './share-button';
import { RepromptPanel } from '../features/summarize/reprompt-panel';
import type { ExportFormat } from 'common/own-summaries-api';
import { DEFAULT_SUMMARY_OPTIONS } from '../lib/summaries/summary';
import type { Summary, SummaryOptions } from '../lib/summaries/summary';
import { repromptLanguage } from '../lib/summaries/summary-language-option';
import { CopyButton } from './copy-button';
import {
  downloadSummary,
  downloadSummaryExport,
  summaryAsMarkdownText,
  summaryAsPlainText,
} from '../lib/files/summary-files';
import { useSummaryRegeneration } from './use-summary-regeneration';
import { VersionsButton } from './versions-button';

/**
 * Downloads the summary. .txt and .md are written here from its text, with the details the
 * screens show. .docx comes from the API, with a footnote per sentence quoting its source and
 * the source at the end (issue 28), or without them (`citations=false`).
 */
async function downloadAs(
  summary: Summary,
  format: ExportFormat,
  citations: boolean,
): Promise<void> {
  if (format === 'docx') await downloadSummaryExport(summary, format, { citations });
  else downloadSummary(summary, format);
}

export interface SummaryActionsProps {
  summary: Summary;
  /** Only Copy and Versions: a history card that is not expanded. */
  compact?: boolean;
  /** Before the shared actions (a history card's Show more). */
  before?: ReactNode;
  /** After them (Reset, Delete). */
  after?: ReactNode;
  className?: string;
  variant?: 'outline' | 'ghost';
  /** Read after some button names by screen readers, to tell cards apart. */
  srContext?: string;
  /** Length and Format the Re-prompt panel starts from when the summary names none. */
  defaultOptions?: SummaryOptions;
  /** The Length and Format chosen for a regeneration (the page remembers them). */
  onOptionsChosen?: (options: SummaryOptions) => void;
  /** A new version exists (regenerated or restored): the card shows it. */
  onChanged?: (summary: Summary) => void;
}

/**
 * Every action on a summary, wherever it is shown in full (the result card on /summarize, an
 * expanded or opened history card): Re-prompt with Length and Format, Versions, Copy, Copy as
 * Markdown, Download .txt, .md and .docx (with or without citations), and Share (a read-only
 * link). One component, so the two screens cannot drift.
 */
export function SummaryActions({
  summary,
  compact = false,
  before,
  after,
  className,
  variant = 'outline',
  srContext,
  defaultOptions = DEFAULT_SUMMARY_OPTIONS,
  onOptionsChosen,
  onChanged,
}: SummaryActionsProps) {
  const panelId = `reprompt${useId()}`;
  const repromptButton = useRef<HTMLButtonElement>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [options, setOptions] = useState<SummaryOptions>(defaultOptions);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [withoutCitations, setWithoutCitations] = useState(false);
  const citationsId = `citations${useId()}`;
  const { regenerate, busy, error, clearError } = useSummaryRegeneration(onChanged);
  const context = srContext ? <span className="ui-sr-only"> {srContext}</span> : null;

  const togglePanel = () => {
    if (!panelOpen) {
      // The panel starts from the summary's own length, format and the language it was asked in.
      setOptions({
        length: summary.length ?? defaultOptions.length,
        format: summary.format ?? defaultOptions.format,
        language: repromptLanguage(summary, defaultOptions.language),
      });
      clearError();
    }
    setPanelOpen((open) => !open);
  };

  const submit = async () => {
    // The choice made for the new version is remembered for the next summary too.
    onOptionsChosen?.(options);
    const trimmed = prompt.trim();
    if (await regenerate(summary, trimmed === '' ? null : trimmed, options)) {
      setPanelOpen(false);
      // The panel's buttons are gone: focus goes back to the control that opened it.
      repromptButton.current?.focus();
    }
  };

  const download = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await downloadAs(summary, format, !withoutCitations);
    } finally {
      setExporting(null);
    }
  };

  const downloadButton = (format: ExportFormat) => (
    <Button
      variant={variant}
      size="sm"
      loading={exporting === format}
      disabled={exporting !== null && exporting !== format}
      onClick={() => void download(format)}
    >
      {exporting === format ? null : <DownloadIcon />}
      <span>
        Download <span className="ru-nowrap">.{format}</span>
      </span>
      {context}
    </Button>
  );

  const plainText = summaryAsPlainText(summary);

  return (
    <>
      <div className={className} role="group" aria-label="Summary actions">
        {before}
        {compact ? null : (
          <Button
            ref={repromptButton}
            variant={variant}
            size="sm"
            aria-expanded={panelOpen}
            aria-controls={panelOpen ? panelId : undefined}
            onClick={togglePanel}
          >
            <RefreshIcon />
            Re-prompt
            {context}
          </Button>
        )}
        <VersionsButton
          summary={summary}
          variant={variant}
          srContext={srContext}
          disabled={busy}
          onRestored={onChanged}
        />
        <CopyButton text={plainText} variant={variant} disabled={plainText === ''} />
        {compact ? null : (
          <>
            <CopyButton
              text={summaryAsMarkdownText(summary)}
              label="Copy as Markdown"
              variant={variant}
            />
            {downloadButton('txt')}
            {downloadButton('md')}
            {downloadButton('docx')}
            <span className="ru-download-option">
              <input
                id={citationsId}
                type="checkbox"
                checked={withoutCitations}
                disabled={exporting !== null}
                onChange={(event) => setWithoutCitations(event.target.checked)}
              />
              <label htmlFor={citationsId}>Without citations{context}</label>
            </span>
            <ShareButton summary={summary} variant={variant} srContext={srContext} />
          </>
        )}
        {after}
      </div>
      {panelOpen && !compact ? (
        <RepromptPanel
          id={panelId}
          prompt={prompt}
          onPromptChange={setPrompt}
          onRegenerate={() => void submit()}
          onCancel={() => {
            setPanelOpen(false);
            repromptButton.current?.focus();
          }}
          regenerating={busy}
          error={error}
          options={options}
          onOptionsChange={setOptions}
        />
      ) : null}
    </>
  );
}
