import { ChoiceGroup } from 'common/ui/choice-group';
import { FORMAT_CHOICES, LENGTH_CHOICES } from '../lib/summaries/summary';
import type { SummaryOptions } from '../lib/summaries/summary';
import { SummaryLanguageField } from './summary-language-field';
import './summary-options-fields.css';

export interface SummaryOptionsFieldsProps {
  value: SummaryOptions;
  onChange: (options: SummaryOptions) => void;
  disabled?: boolean;
}

/**
 * Length (Short / Medium / Long), Format (Paragraph / Bullet points / TL;DR) and Summary
 * language (Same as the document, or a language by its own name).
 */
export function SummaryOptionsFields({ value, onChange, disabled }: SummaryOptionsFieldsProps) {
  return (
    <div className="ru-summary-options">
      <ChoiceGroup
        label="Length"
        choices={LENGTH_CHOICES}
        value={value.length}
        disabled={disabled}
        onChange={(length) => onChange({ ...value, length })}
      />
      <ChoiceGroup
        label="Format"
        choices={FORMAT_CHOICES}
        value={value.format}
        disabled={disabled}
        onChange={(format) => onChange({ ...value, format })}
      />
      <SummaryLanguageField
        value={value.language}
        disabled={disabled}
        onChange={(language) => onChange({ ...value, language })}
      />
    </div>
  );
}
