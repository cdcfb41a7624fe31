import { useId } from 'react';
import type { FormEvent } from 'react';
import { cx } from 'common/cx';
import { Alert, AlertDescription } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Label } from 'common/ui/label';
import { SparklesIcon } from 'common/ui/icons';
import { Textarea } from 'common/ui/textarea';
import { MIN_CONTENT_CHARS } from '../../lib/summaries/summary';
import { checkContent } from './content-rules';
import { SourceActions, SourceSettings } from './source-form';
import type { SourceFormProps } from './source-form';

/** What a screen reader hears when the text moves in or out of range, not on every key. */
function rangeAnnouncement(tooShort: boolean, tooLong: boolean, typed: boolean): string {
  if (tooLong) return 'The text is over the maximum length';
  if (tooShort && typed) return `The text is under the minimum of ${MIN_CONTENT_CHARS} characters`;
  return '';
}

/** The Paste Text tab: the text area, its counter and markers, the range alerts and submit. */
export function TextSummaryForm(props: SourceFormProps) {
  const { drafts, onDraftsChange, fieldRef, onStart, credits, busy, submitting, config } = props;
  const { text } = drafts;
  const id = useId();
  const fieldId = `content${id}`;
  const counterId = `${fieldId}-counter`;
  const messageId = `${fieldId}-message`;
  const check = checkContent(text, config.maxChars);
  const outOfRange = check.message !== null;
  const canSubmit = check.valid && credits > 0 && !busy;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) void onStart({ source: 'text', content: text.trim() });
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
        ref={fieldRef}
        className="ru-content-input"
        value={text}
        onChange={(event) => onDraftsChange({ text: event.target.value })}
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
      <SourceSettings {...props} />
      <SourceActions>
        <Button type="submit" size="lg" disabled={!canSubmit} loading={submitting}>
          {submitting ? null : <SparklesIcon />}
          {submitting ? 'Summarizing…' : 'Generate summary'}
        </Button>
      </SourceActions>
    </form>
  );
}
