import { splitFlagged } from 'common/source-map';

/** What a fact the source never mentions is marked with (title and screen-reader text). */
export const UNVERIFIED_LABEL = 'Not found in the source';

export interface FlaggedTextProps {
  text: string;
  /** Numbers, dates and names of `text` that the source never mentions (API.md `unverified`). */
  unverified: readonly string[];
}

/**
 * `text` with each unverified fact marked (`<mark>`, titled and read out as `Not found in the
 * source`): a summary sentence or an answer to a question.
 */
export function FlaggedText({ text, unverified }: FlaggedTextProps) {
  return splitFlagged(text, unverified).map((part, index) =>
    part.flagged ? (
      <mark key={index} className="ru-unverified" title={UNVERIFIED_LABEL}>
        {part.text}
        <span className="ui-sr-only"> ({UNVERIFIED_LABEL})</span>
      </mark>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
