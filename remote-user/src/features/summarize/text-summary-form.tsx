import { useId } from 'react';
import type { FormEvent, Ref } from 'react';
import { cx } from 'common/cx';
import { Alert, AlertDescription, ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Label } from 'common/ui/label';
import { SparklesIcon } from 'common/ui/icons';
import { Textarea } from 'common/ui/textarea';
import { MAX_CONTENT_CHARS, MIN_CONTENT_CHARS } from '../../lib/summaries/summary';
import type { SummaryOptions } from '../../lib/summaries/summary';
import { checkContent } from './content-rules';
import { SummaryOptionsFields } from '../../components/summary-options-fields';

export interface TextSummaryFormProps {
  text: string;
  onTextChange: (text: string) => void;
  /** The text area, focused again when a summary being written is stopped. */
  textareaRef?: Ref<HTMLTextAreaElement>;
  onSubmit: (content: string) => void;
  credits: number;
  /** A creation is in flight (this form's or the file tab's). */
  busy: boolean;
  /** This form's own request is the one in flight. */
  submitting: boolean;
  /** The shared creation error, shown while the status is failed. */
  creationError: string | null;
  /** Length and Format for the summary. */
  options: SummaryOptions;
  onOptionsChange: (options: SummaryOptions) => void;
  /** The most characters pasted text may have (GET /api/config `maxChars`). */
  maxChars?: number;
}

/** What a screen reader hears when the text moves in or out of range, not on every key. */
function rangeAnnouncement(tooShort: boolean, tooLong: boolean, typed: boolean): string {
  if (tooLong) return 'The text is over the maximum length';
  if (tooShort && typed) return `The text is under the minimum of ${MIN_CONTENT_CHARS} characters`;
  return '';
}

/** The Paste Text tab: the text area, its counter and markers, the range alerts and submit. */
export function TextSummaryForm({
  text,
  onTextChange,
  textareaRef,
  onSubmit,
  credits,
  busy,
  submitting,
  creationError,
  options,
  onOptionsChange,
  maxChars = MAX_CONTENT_CHARS,
}: TextSummaryFormProps) {
  const id = useId();
  const fieldId = `content${id}`;
  const counterId = `${fieldId}-counter`;
  const messageId = `${fieldId}-message`;
  const check = checkContent(text, maxChars);
  const outOfRange = check.message !== null;
  const canSubmit = check.valid && credits > 0 && !busy;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) onSubmit(text.trim());
  };

  return (
    <form className="ru-summarize-form" onSubmit={submit} noValidate>
      <div className="ru-field-head">
        <Label htmlFor={fieldId}>Text to summarize</Label>
        <p
          id={counterId}
          className={cx(
            'ru-counter',
            (check.tooLong || (outOfRange && check.tooShort)) && 'ru-counter--invalid',
          )}
        >
          <span className="ui-sr-only">Characters: </span>
          {check.counter}
          {check.tooShort ? (
            <span className="ru-counter__note"> (min: {MIN_CONTENT_CHARS})</span>
          ) : null}
          {check.tooLong ? <span className="ru-counter__note"> (exceeded)</span> : null}
        </p>
      </div>
      <Textarea
        id={fieldId}
        ref={textareaRef}
        className="ru-content-input"
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        placeholder="Paste or type the text you want summarized (at least 50 characters)…"
        rows={12}
        spellCheck
        aria-invalid={outOfRange || undefined}
        aria-describedby={outOfRange ? `${counterId} ${messageId}` : counterId}
      />
      <span role="status" className="ui-sr-only">
        {rangeAnnouncement(check.tooShort, check.tooLong, text.length > 0)}
      </span>
      {check.message ? (
        // Not a live region: it changes on every key; the status above announces the change.
        <Alert variant="destructive" role="note" id={messageId}>
          <AlertDescription>{check.message}</AlertDescription>
        </Alert>
      ) : null}
      <SummaryOptionsFields value={options} onChange={onOptionsChange} disabled={busy} />
      <ErrorAlert message={creationError} />
      <div className="ru-form-actions">
        <p className="ru-cost">Costs 1 credit.</p>
        <Button type="submit" size="lg" disabled={!canSubmit} loading={submitting}>
          {submitting ? null : <SparklesIcon />}
          {submitting ? 'Summarizing…' : 'Generate summary'}
        </Button>
      </div>
    </form>
  );
}
