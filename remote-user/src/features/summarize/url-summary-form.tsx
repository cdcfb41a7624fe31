import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from 'common/ui/button';
import { FormField } from 'common/ui/form-field';
import { GlobeIcon } from 'common/ui/icons';
import { Input } from 'common/ui/input';
import { checkUrl } from './content-rules';
import { SourceActions, SourceSettings } from './source-form';
import type { SourceFormProps } from './source-form';

/**
 * The Web page tab: a page's address (http or https, at most 2,048 characters), Length and
 * Format, and submit. The address is checked when sent and, once it has been refused, as it is
 * corrected (no maxLength: a pasted address keeps its length, which the message states); the
 * server decides whether it may fetch it.
 */
export function UrlSummaryForm(props: SourceFormProps) {
  const { drafts, onDraftsChange, onCauseChange, fieldRef, onStart, credits, busy } = props;
  const { url } = drafts;
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
    if (credits > 0 && !busy) void onStart({ source: 'url', url: url.trim() });
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
            ref={fieldRef}
            name="url"
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            placeholder="https://example.com/article"
            value={url}
            disabled={busy}
            onChange={(event) => {
              onDraftsChange({ url: event.target.value });
              onCauseChange();
            }}
          />
        )}
      </FormField>
      <SourceSettings {...props} readsHiddenText />
      <SourceActions>
        <Button type="submit" size="lg" disabled={credits <= 0 || busy} loading={props.submitting}>
          {props.submitting ? null : <GlobeIcon />}
          {props.submitting ? 'Reading the page…' : 'Summarize the page'}
        </Button>
      </SourceActions>
    </form>
  );
}
