import { cx } from 'common/cx';
import { GlobeIcon, InfoIcon } from 'common/ui/icons';
import { languagesLine, untranslatedNote } from '../summary-language';
import type { SummaryLanguages as Languages } from '../summary-language';
import './summary-languages.css';

export interface SummaryLanguagesProps {
  summary: Languages;
  className?: string;
}

/**
 * A summary card's languages (issue 30): the document's and the summary's (`German → English`,
 * or just `Spanish`), and, when another language was asked and the summary is in the document's,
 * why (`Written in German, the document's language: translating needs the AI service`).
 */
export function SummaryLanguages({ summary, className }: SummaryLanguagesProps) {
  const line = languagesLine(summary);
  const note = untranslatedNote(summary);
  if (!line && !note) return null;
  return (
    <div className={cx('ui-summary-languages', className)}>
      {line ? (
        <p className="ui-summary-languages__line">
          <GlobeIcon size={14} aria-hidden="true" />
          <span className="ui-sr-only">Languages: </span>
          <span>{line}</span>
        </p>
      ) : null}
      {note ? (
        <p className="ui-summary-languages__note" role="note">
          <InfoIcon size={14} aria-hidden="true" />
          <span>{note}</span>
        </p>
      ) : null}
    </div>
  );
}
