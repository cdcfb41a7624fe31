import { useState } from 'react';
import type { FormEvent, Ref } from 'react';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { FormField } from 'common/ui/form-field';
import { GlobeIcon } from 'common/ui/icons';
import { Input } from 'common/ui/input';
import type { SummaryOptions } from '../../lib/summaries/summary';
import { checkUrl } from './content-rules';
import { IncludeHiddenField } from './include-hidden-field';
import { SummaryOptionsFields } from '../../components/summary-options-fields';

export interface UrlSummaryFormProps {
  url: string;
  onUrlChange: (url: string) => void;
  /** The address field, focused again when its check fails. */
  inputRef?: Ref<HTMLInputElement>;
  /** Sends the address (trimmed), once it passes the checks. */
  onSubmit: (url: string) => void;
  credits: number;
  /** A creation is in flight (this form's or another tab's). */
  busy: boolean;
  /** This form's own request is the one in flight. */
  submitting: boolean;
  /** The shared creation error (the server's message: a refused or unreachable address…). */
  creationError: string | null;
  options: SummaryOptions;
  onOptionsChange: (options: SummaryOptions) => void;
  /** `Include hidden text` (issue 28); shown when its handler is given. */
  includeHidden?: boolean;
  onIncludeHiddenChange?: (includeHidden: boolean) => void;
}

/**
 * The Web page tab: a page's address (http or https, at most 2,048 characters), Length and
 * Format, and submit. The address is checked when sent and, once it has been refused, as it is
 * corrected (no maxLength: a pasted address keeps its length, which the message states); the
 * server decides whether it may fetch it.
 */
export function UrlSummaryForm({
  url,
  onUrlChange,
  inputRef,
  onSubmit,
  credits,
  busy,
  submitting,
  creationError,
  options,
  onOptionsChange,
  includeHidden = false,
  onIncludeHiddenChange,
}: UrlSummaryFormProps) {
  const [checked, setChecked] = useState(false);
  const problem = checked ? checkUrl(url) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const refused = checkUrl(url);
    if (refused !== null) {
      const field = event.currentTarget.elements.namedItem('url');
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    if (credits > 0 && !busy) onSubmit(url.trim());
  };

  return (
    <form className="ru-summarize-form" onSubmit={submit} noValidate>
      <FormField
        label="Page address"
        error={problem ?? undefined}
        hint="The address of a public web page, starting with http:// or https://."
      >
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            placeholder="https://example.com/article"
            value={url}
            disabled={busy}
            onChange={(event) => onUrlChange(event.target.value)}
          />
        )}
      </FormField>
      <SummaryOptionsFields value={options} onChange={onOptionsChange} disabled={busy} />
      {onIncludeHiddenChange ? (
        <IncludeHiddenField
          checked={includeHidden}
          onChange={onIncludeHiddenChange}
          disabled={busy}
        />
      ) : null}
      <ErrorAlert message={creationError} />
      <div className="ru-form-actions">
        <p className="ru-cost">Costs 1 credit.</p>
        <Button type="submit" size="lg" disabled={credits <= 0 || busy} loading={submitting}>
          {submitting ? null : <GlobeIcon />}
          {submitting ? 'Reading the page…' : 'Summarize the page'}
        </Button>
      </div>
    </form>
  );
}
