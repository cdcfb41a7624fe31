import { useId, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { cx } from 'common/cx';
import { formatFileSize } from 'common/text';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { FileTextIcon, UploadIcon, XIcon } from 'common/ui/icons';
import type { PortalConfig } from 'common/portal-config';
import { describeFileTypes } from 'common/file-types';
import { formatCount } from '../../lib/summaries/summary';
import type { SummaryJobState } from '../../lib/summaries/summary';
import { SUMMARIZE_MESSAGES, checkFile, formatMegabytes } from './content-rules';
import { SourceActions, SourceSettings } from './source-form';
import type { SourceFormProps } from './source-form';

const IMAGE_TYPES: readonly string[] = ['.png', '.jpg', '.jpeg', '.webp'];

/** The hint under the file picker: the formats and size the server reads. */
export function fileHint(
  limits: Pick<PortalConfig, 'fileTypes' | 'maxFileBytes' | 'maxDocumentChars'>,
): string {
  const scans = limits.fileTypes.some((type) => IMAGE_TYPES.includes(type))
    ? ' Photos and scans are read by OCR.'
    : '';
  return `Supported formats: ${describeFileTypes(limits.fileTypes, 'and')}, max ${formatMegabytes(limits.maxFileBytes)}. Up to ${formatCount(limits.maxDocumentChars)} characters of text.${scans} You can also drop a file here.`;
}

/** What the progress line says for a job's state. */
function jobProgressLabel(job: { state: SummaryJobState; progress: number }): string {
  return job.state === 'queued'
    ? 'File queued, waiting to be processed…'
    : `Processing file… ${job.progress}%`;
}

/**
 * The Upload File tab: choose or drop a file of a type the server reads (a document, a photo or
 * a scan), see its name and size, upload it.
 */
export function FileSummaryForm(props: SourceFormProps) {
  const { drafts, onDraftsChange, onCauseChange, onStart, credits, busy, creationError, job } =
    props;
  const { file, fileError } = drafts;
  const { submitting: uploading, config: limits } = props;
  const id = useId();
  const inputId = `file${id}`;
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onFileError = (message: string | null) => onDraftsChange({ fileError: message });
  // Another file (or none) is another cause: the last upload's error no longer applies.
  const onFileChange = (chosen: File | null) => {
    onDraftsChange({ file: chosen });
    onCauseChange();
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkFile(chosen, limits);
    onFileError(problem);
    onFileChange(problem ? null : chosen);
    // A refused file leaves the input empty, so choosing it again fires a change.
    if (problem && input.current) input.current.value = '';
  };

  const remove = () => {
    onFileChange(null);
    onFileError(null);
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
  };

  const upload = async () => {
    if (!file) {
      onFileError(SUMMARIZE_MESSAGES.noFile);
      return;
    }
    if (credits <= 0 || busy) return;
    const problem = checkFile(file, limits);
    if (problem) {
      onFileError(problem);
      return;
    }
    onFileError(null);
    const failure = await onStart({ source: 'file', file });
    if (failure !== null) onFileError(failure || SUMMARIZE_MESSAGES.fileFailed);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) choose(event.dataTransfer.files[0]);
  };

  // Shown once: the tab's own error repeats the creation error after a failed upload.
  const ownError = fileError && fileError !== creationError ? fileError : null;

  return (
    <div className="ru-summarize-form">
      <div
        className={cx('ru-dropzone', dragging && 'ru-dropzone--active')}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <UploadIcon size={28} className="ru-dropzone__icon" />
        {/* The native control is visually hidden (it would repeat the chosen file's name, which
            the card below shows): it keeps its place in the Tab order, and its label, drawn as a
            button, shows its focus (summarize-page.css). Space or Enter opens the file picker. */}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={limits.fileTypes.join(',')}
          className="ui-sr-only ru-file-input"
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className="ui-button ui-button--outline ui-button--md ru-dropzone__button"
          aria-disabled={busy || undefined}
        >
          Choose a file to summarize
        </label>
        <p id={hintId} className="ru-dropzone__hint">
          {fileHint(limits)}
        </p>
      </div>

      {file ? (
        <div className="ru-file-chip">
          <FileTextIcon size={20} className="ru-file-chip__icon" />
          <div className="ru-file-chip__text">
            <span className="ru-file-chip__name">{file.name}</span>
            <span className="ru-file-chip__size">{formatFileSize(file.size)}</span>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${file.name}`}
            disabled={uploading}
            onClick={remove}
          >
            <XIcon />
          </Button>
        </div>
      ) : null}

      <SourceSettings {...props} readsHiddenText />
      <ErrorAlert message={ownError} />

      <div className="ru-job-progress" role="status" aria-live="polite">
        {uploading && job ? (
          <>
            <progress
              className="ru-job-progress__bar"
              max={100}
              value={job.progress}
              aria-label="Summary progress"
            />
            <span className="ru-job-progress__label">{jobProgressLabel(job)}</span>
          </>
        ) : null}
      </div>

      <SourceActions>
        <Button
          size="lg"
          disabled={credits <= 0 || (busy && !uploading)}
          loading={uploading}
          onClick={() => void upload()}
        >
          {uploading ? null : <UploadIcon />}
          {uploading ? 'Processing file…' : 'Upload & Summarize'}
        </Button>
      </SourceActions>
    </div>
  );
}
