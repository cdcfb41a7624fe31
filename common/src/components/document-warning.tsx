import { useId } from 'react';
import {
  ADDRESSED_TO_AN_AI_SENTENCE,
  HIDDEN_REASON_LABELS,
  hiddenPassagesSentence,
} from 'common/document-warnings';
import type { HiddenTextPassage, InstructionLikePassage } from 'common/document-warnings';
import { AlertCircleIcon } from 'common/ui/icons';
import './document-warning.css';

export interface DocumentWarningProps {
  hiddenText: readonly HiddenTextPassage[];
  instructionLike: readonly InstructionLikePassage[];
  className?: string;
  /**
   * The warning stands in a card of a list (history, staff lists), where many cards may carry
   * the same warning: a labelled group, not a region, so the page's landmarks stay unique.
   */
  inList?: boolean;
}

/** One list of passages under its heading, each with why it is listed; nothing when empty. */
function PassageList({
  heading,
  passages,
}: {
  heading: string;
  passages: readonly { reason: string; text: string }[];
}) {
  if (passages.length === 0) return null;
  return (
    <>
      <p className="ru-document-warning__heading">{heading}</p>
      <ul className="ru-document-warning__list">
        {passages.map((passage, index) => (
          <li key={index}>
            <span className="ru-document-warning__reason">{passage.reason}</span>
            <q className="ru-document-warning__quote">{passage.text}</q>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The warning a card shows when its document hid text from its readers or holds text
 * addressed to an AI (issue 28): one sentence each, and the passages with their reasons in a
 * disclosure. Nothing when both lists are empty. Used by the result, history, reviewer and
 * editor cards and the shared page; a region where it stands alone, a group in a list's card.
 */
export function DocumentWarning({
  hiddenText,
  instructionLike,
  className,
  inList = false,
}: DocumentWarningProps) {
  const titleId = useId();
  if (hiddenText.length === 0 && instructionLike.length === 0) return null;
  return (
    <section
      className={['ru-document-warning', className].filter(Boolean).join(' ')}
      role={inList ? 'group' : undefined}
      aria-labelledby={titleId}
    >
      <AlertCircleIcon className="ru-document-warning__icon" size={18} />
      <div className="ru-document-warning__body">
        <div id={titleId} className="ru-document-warning__sentences">
          {hiddenText.length > 0 ? <p>{hiddenPassagesSentence(hiddenText.length)}</p> : null}
          {instructionLike.length > 0 ? <p>{ADDRESSED_TO_AN_AI_SENTENCE}</p> : null}
        </div>
        <details className="ru-document-warning__details">
          <summary>Show the passages</summary>
          <PassageList
            heading="Hidden from readers"
            passages={hiddenText.map((passage) => ({
              reason: `${HIDDEN_REASON_LABELS[passage.reason]}${passage.page !== null ? `, page ${passage.page}` : ''}`,
              text: passage.text,
            }))}
          />
          <PassageList
            heading="Addressed to an AI (not followed)"
            passages={instructionLike.map((passage) => ({
              reason: passage.hidden ? 'Hidden' : 'Visible',
              text: passage.text,
            }))}
          />
        </details>
      </div>
    </section>
  );
}
