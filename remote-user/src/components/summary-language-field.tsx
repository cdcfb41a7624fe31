import { useId } from 'react';
import { Label } from 'common/ui/label';
import { SAME_AS_DOCUMENT, SAME_AS_DOCUMENT_LABEL } from 'common/summary-language';
import { usePortalConfig } from '../lib/config/use-portal-config';
import { offeredLanguage } from '../lib/summaries/summary-language-option';

export interface SummaryLanguageFieldProps {
  value: string;
  onChange: (language: string) => void;
  disabled?: boolean | undefined;
}

/**
 * Summary language (issue 30): `Same as the document`, then the languages GET /api/config
 * offers, each by its own name (and marked with its language, so a screen reader says it
 * right). Sent as `language`.
 */
export function SummaryLanguageField({ value, onChange, disabled }: SummaryLanguageFieldProps) {
  const id = `language${useId()}`;
  const { languages } = usePortalConfig();
  return (
    <div className="ru-summary-language">
      <Label htmlFor={id}>Summary language</Label>
      <select
        id={id}
        className="ui-input ru-summary-language__select"
        value={offeredLanguage(value, languages)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value={SAME_AS_DOCUMENT}>{SAME_AS_DOCUMENT_LABEL}</option>
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
