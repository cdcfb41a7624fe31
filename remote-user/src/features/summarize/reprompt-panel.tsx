import { useId } from 'react';
import type { FormEvent } from 'react';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Label } from 'common/ui/label';
import { RefreshIcon } from 'common/ui/icons';
import { Textarea } from 'common/ui/textarea';
import { MAX_CUSTOM_PROMPT_CHARS } from '../../lib/summaries/summary';
import type { SummaryOptions } from '../../lib/summaries/summary';
import { SummaryOptionsFields } from '../../components/summary-options-fields';
import './reprompt-panel.css';

export interface RepromptPanelProps {
  id: string;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  onRegenerate: () => void;
  onCancel: () => void;
  regenerating: boolean;
  error: string | null;
  /** Length and Format of the new version. */
  options: SummaryOptions;
  onOptionsChange: (options: SummaryOptions) => void;
}

/** The Re-prompt panel: optional instructions (at most 500 characters), then a free regeneration. */
export function RepromptPanel({
  id,
  prompt,
  onPromptChange,
  onRegenerate,
  onCancel,
  regenerating,
  error,
  options,
  onOptionsChange,
}: RepromptPanelProps) {
  const fieldId = `prompt${useId()}`;
  const hintId = `${fieldId}-hint`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!regenerating) onRegenerate();
  };
  return (
    <form id={id} className="ru-reprompt" onSubmit={submit} aria-label="Re-prompt">
      <Label htmlFor={fieldId}>Custom prompt (optional)</Label>
      <Textarea
        id={fieldId}
        value={prompt}
        maxLength={MAX_CUSTOM_PROMPT_CHARS}
        rows={3}
        // The panel opens on request, so its field takes focus at once.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        placeholder="e.g. Focus on the key numbers, use bullet points, keep it under 100 words"
        aria-describedby={hintId}
        onChange={(event) => onPromptChange(event.target.value)}
      />
      <p id={hintId} className="ru-reprompt__hint">
        {prompt.length}/{MAX_CUSTOM_PROMPT_CHARS} · Leave empty to summarize again without
        instructions. Regenerating is free.
      </p>
      <SummaryOptionsFields value={options} onChange={onOptionsChange} disabled={regenerating} />
      <ErrorAlert message={error} />
      <div className="ru-reprompt__actions">
        <Button variant="outline" onClick={onCancel} disabled={regenerating}>
          Cancel
        </Button>
        <Button type="submit" loading={regenerating}>
          {regenerating ? null : <RefreshIcon />}
          {regenerating ? 'Regenerating…' : 'Regenerate'}
        </Button>
      </div>
    </form>
  );
}
