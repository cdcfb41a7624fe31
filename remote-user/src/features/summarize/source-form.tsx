import type { ComponentType, ReactNode, RefCallback } from 'react';
import { ErrorAlert } from 'common/ui/alert';
import type { PortalConfig } from 'common/portal-config';
import type { SummaryJobState, SummaryOptions } from '../../lib/summaries/summary';
import { SummaryOptionsFields } from '../../components/summary-options-fields';
import { IncludeHiddenField } from './include-hidden-field';
import type { StreamSource } from './streaming-summary';

// What every source tab of /summarize is given and shares (source-tabs.ts lists the tabs): a
// new source is one more entry there, with its form taking these props.

/** What the person has given each source so far, kept while they switch tabs. */
export interface SourceDrafts {
  text: string;
  url: string;
  file: File | null;
  /** The Upload tab's own error: a refused file, no file, or the failed upload's message. */
  fileError: string | null;
}

export const EMPTY_SOURCE_DRAFTS: SourceDrafts = { text: '', url: '', file: null, fileError: null };

/** A summary asked for from one source. */
export type SourceRequest =
  | { source: 'text'; content: string }
  | { source: 'url'; url: string }
  | { source: 'file'; file: File };

export interface SourceFormProps {
  credits: number;
  /** A creation is in flight (this form's or another tab's). */
  busy: boolean;
  /** This form's own request is the one in flight. */
  submitting: boolean;
  /** The shared creation error, shown while the status is failed (the server's message…). */
  creationError: string | null;
  /** Called when the person changes what a failed creation was about: its error no longer applies. */
  onCauseChange: () => void;
  /** Length, Format and Summary language for the summary. */
  options: SummaryOptions;
  onOptionsChange: (options: SummaryOptions) => void;
  /** `Include hidden text` (issue 28), one choice for the tabs that read files and pages. */
  includeHidden: boolean;
  onIncludeHiddenChange: (includeHidden: boolean) => void;
  /** The server's limits (GET /api/config): the longest text, the file types and size. */
  config: PortalConfig;
  /** The queued file's job while it runs, for the progress bar. */
  job: { state: SummaryJobState; progress: number } | null;
  drafts: SourceDrafts;
  onDraftsChange: (change: Partial<SourceDrafts>) => void;
  /** The source's field, focused by Start again when there is nothing to send again. */
  fieldRef: RefCallback<HTMLElement>;
  /** Asks for the summary; resolves with the failure's message, or null (made, or stopped). */
  onStart: (request: SourceRequest) => Promise<string | null>;
}

/** One tab of /summarize. */
export interface SourceTab {
  id: StreamSource;
  label: string;
  Icon: ComponentType;
  /** Whether the server offers this source (GET /api/config); always, when absent. */
  offered?: (config: PortalConfig) => boolean;
  Form: ComponentType<SourceFormProps>;
  /** What Start again sends after Stop: the draft as it is now, or null when there is none. */
  again: (drafts: SourceDrafts) => SourceRequest | null;
}

/**
 * Length, Format and Summary language, `Include hidden text` where the source can hide text (a
 * file, a page), and the creation error.
 */
export function SourceSettings({
  options,
  onOptionsChange,
  busy,
  creationError,
  includeHidden,
  onIncludeHiddenChange,
  readsHiddenText = false,
}: SourceFormProps & { readsHiddenText?: boolean }) {
  return (
    <>
      <SummaryOptionsFields value={options} onChange={onOptionsChange} disabled={busy} />
      {readsHiddenText ? (
        <IncludeHiddenField
          checked={includeHidden}
          onChange={onIncludeHiddenChange}
          disabled={busy}
        />
      ) : null}
      <ErrorAlert message={creationError} />
    </>
  );
}

/** The form's foot: what a summary costs, and its submit button. */
export function SourceActions({ children }: { children: ReactNode }) {
  return (
    <div className="ru-form-actions">
      <p className="ru-cost">Costs 1 credit.</p>
      {children}
    </div>
  );
}
