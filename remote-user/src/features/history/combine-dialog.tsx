import { useId, useState } from 'react';
import { errorMessage } from 'common/error-message';
import { summaryTitle } from 'common/summary-title';
import { FormDialog } from 'common/ui/form-dialog';
import { Label } from 'common/ui/label';
import { Textarea } from 'common/ui/textarea';
import { COLLECTION_MESSAGES, postCombination } from '../../lib/summaries/collections-api';
import type { CombinedSummary } from '../../lib/summaries/collections-api';
import { SummaryOptionsFields } from '../../components/summary-options-fields';
import { MAX_CUSTOM_PROMPT_CHARS } from '../../lib/summaries/summary';
import type { Summary } from '../../lib/summaries/summary';
import { useSummaryOptions } from '../../lib/summaries/summary-options';

/** Prompts a reader often gives a combination: offered as one-click suggestions. */
export const COMBINE_PROMPTS = ['Compare the methods', 'What do they agree on?'] as const;

export interface CombineDialogProps {
  open: boolean;
  summaries: Summary[];
  onClose: () => void;
  onCombined: (created: CombinedSummary) => void;
}

/**
 * Combine: one new summary of the chosen summaries' documents together (issue 29), with the
 * same Length, Format and Summary language as a new summary and an optional prompt; 1 credit.
 */
export function CombineDialog({ open, summaries, onClose, onCombined }: CombineDialogProps) {
  const promptId = `combine-prompt${useId()}`;
  const [options, setOptions] = useSummaryOptions();
  const [prompt, setPrompt] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (submitting) return;
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      const created = await postCombination(
        summaries.map((summary) => summary.id),
        { ...options, customPrompt: prompt.trim() === '' ? null : prompt.trim() },
      );
      setPrompt('');
      onCombined(created);
    } catch (error) {
      setFailure(errorMessage(error, COLLECTION_MESSAGES.combine));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`Combine ${summaries.length} summaries`}
      description="One new summary of all their documents together, each under its title. It costs 1 credit."
      submitLabel={`Combine (${summaries.length})`}
      submitting={submitting}
      failure={failure}
      onSubmit={() => void submit()}
    >
      <ol className="ru-combine__documents" aria-label="Documents to combine">
        {summaries.map((summary) => (
          <li key={summary.id}>{summaryTitle(summary)}</li>
        ))}
      </ol>
      <SummaryOptionsFields value={options} disabled={submitting} onChange={setOptions} />
      <div className="ru-combine__prompt">
        <Label htmlFor={promptId}>Prompt (optional)</Label>
        <Textarea
          id={promptId}
          value={prompt}
          rows={2}
          maxLength={MAX_CUSTOM_PROMPT_CHARS}
          placeholder={COMBINE_PROMPTS[0]}
          disabled={submitting}
          onChange={(event) => setPrompt(event.target.value)}
        />
        <div className="ru-combine__suggestions" role="group" aria-label="Suggested prompts">
          {COMBINE_PROMPTS.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              className="ru-chip ru-combine__suggestion"
              aria-pressed={prompt === suggestion}
              disabled={submitting}
              onClick={() => setPrompt(suggestion)}
            >
              {suggestion}
            </button>
          ))}
        </div>
      </div>
    </FormDialog>
  );
}
