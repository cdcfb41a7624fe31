import { ChoiceGroup } from 'common/ui/choice-group';
import { FORMAT_CHOICES, LENGTH_CHOICES } from '../../lib/summaries/summary';
import type { SummaryOptions } from '../../lib/summaries/summary';
import './summary-options-fields.css';

export interface SummaryOptionsFieldsProps {
  value: SummaryOptions;
  onChange: (options: SummaryOptions) => void;
  disabled?: boolean;
}

/** Length (Short / Medium / Long) and Format (Paragraph / Bullet points / TL;DR). */
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
    </div>
  );
}
