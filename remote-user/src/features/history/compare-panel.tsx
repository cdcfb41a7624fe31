import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { CheckIcon, LayoutIcon, XIcon } from 'common/ui/icons';
import { Input } from 'common/ui/input';
import { Label } from 'common/ui/label';
import { Skeleton } from 'common/ui/skeleton';
import { useLoad } from 'common/use-load';
import { COLLECTION_MESSAGES, postComparison } from '../../lib/summaries/collections-api';
import type { Comparison } from '../../lib/summaries/collections-api';
import type { Summary } from '../../lib/summaries/summary';

/** What a comparison's question may be (API.md round 3: as a question, 3 to 500 characters). */
const MIN_QUESTION = 3;
const MAX_QUESTION = 500;
export const SHARED_TERM_LABEL = 'In every document';

/** What the top sentences were found for, in words. */
export function comparisonBasis(comparison: Comparison): string {
  switch (comparison.basis) {
    case 'question':
      return `Top sentences of each document for “${comparison.query ?? ''}”.`;
    case 'shared-terms':
      return `Top sentences of each document on the terms they share: ${comparison.sharedTerms.join(', ')}.`;
    case 'summary':
      return 'The documents share no key term: each one’s top sentences are those its summary draws on. Ask a question to compare them on it.';
  }
}

export interface ComparePanelProps {
  summaries: Summary[];
  onClose: () => void;
}

/**
 * Compare (issue 29): the chosen documents side by side (stacked under 768 px), each with its
 * key terms (those every document mentions marked) and its top sentences for the same question
 * or prompt. Free: nothing is summarized.
 */
export function ComparePanel({ summaries, onClose }: ComparePanelProps) {
  const id = useId();
  const headingId = `compare${id}heading`;
  const fieldId = `compare${id}question`;
  const [draft, setDraft] = useState('');
  const [question, setQuestion] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = summaries.map((summary) => summary.id);
  // Opened above the list and the bar whose button opened it: the focus moves to its heading,
  // so the keyboard goes on from the comparison rather than from below it.
  useEffect(() => heading.current?.focus(), []);
  const state = useLoad(
    JSON.stringify([ids, question]),
    (signal) => postComparison(ids, question, signal),
    COLLECTION_MESSAGES.compare,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = draft.trim();
    if (wanted !== '' && (wanted.length < MIN_QUESTION || wanted.length > MAX_QUESTION)) {
      setInvalid(`The question must be ${MIN_QUESTION} to ${MAX_QUESTION} characters`);
      return;
    }
    setInvalid(null);
    setQuestion(wanted === '' ? null : wanted);
  };

  return (
    <section className="ru-compare" aria-labelledby={headingId}>
      <div className="ru-compare__bar">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="ru-compare__title">
          <LayoutIcon />
          Compare {summaries.length} documents
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <XIcon />
          Close<span className="ui-sr-only"> the comparison</span>
        </Button>
      </div>
      <form className="ru-compare__form" onSubmit={submit} noValidate>
        <Label htmlFor={fieldId}>Question or prompt (optional)</Label>
        <div className="ru-compare__ask">
          <Input
            id={fieldId}
            value={draft}
            maxLength={MAX_QUESTION}
            placeholder="Compare the methods"
            aria-invalid={invalid !== null || undefined}
            aria-describedby={invalid ? `${fieldId}-error` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="outline" loading={state.status === 'loading'}>
            Compare
          </Button>
        </div>
        {invalid ? (
          <p id={`${fieldId}-error`} className="ru-compare__invalid" role="alert">
            {invalid}
          </p>
        ) : null}
      </form>
      {state.status === 'loading' ? (
        <div className="ui-columns ru-compare__columns" aria-busy="true">
          <span role="status" className="ui-sr-only">
            Comparing the documents
          </span>
          {summaries.map((summary) => (
            <div key={summary.id} className="ui-pane ru-compare__document" aria-hidden="true">
              <Skeleton style={{ width: '70%' }} />
              <Skeleton style={{ width: '100%' }} />
              <Skeleton style={{ width: '85%' }} />
            </div>
          ))}
        </div>
      ) : state.status === 'failed' ? (
        <ErrorAlert message={state.message} />
      ) : (
        <ComparisonColumns comparison={state.data} />
      )}
    </section>
  );
}

function ComparisonColumns({ comparison }: { comparison: Comparison }) {
  const id = useId();
  return (
    <>
      <p className="ru-compare__basis" role="status">
        {comparisonBasis(comparison)}{' '}
        {comparison.sharedTerms.length > 0 ? (
          <span className="ru-compare__legend">
            <CheckIcon size={12} aria-hidden="true" /> marks a key term every document mentions.
          </span>
        ) : null}
      </p>
      <div className="ui-columns ru-compare__columns">
        {comparison.documents.map((document, index) => {
          const titleId = `compare${id}document${index}`;
          return (
            <section
              key={document.summaryId}
              className="ui-pane ru-compare__document"
              aria-labelledby={titleId}
            >
              <h3 id={titleId} className="ru-compare__document-title">
                <span className="ru-compare__number">[{index + 1}]</span> {document.title}
              </h3>
              <h4 id={`${titleId}-terms`} className="ru-compare__label">
                Key terms
              </h4>
              {document.keyTerms.length > 0 ? (
                <ul className="ru-compare__terms" aria-labelledby={`${titleId}-terms`}>
                  {document.keyTerms.map((entry) => (
                    <li
                      key={entry.term}
                      className={
                        entry.shared
                          ? 'ru-compare__term ru-compare__term--shared'
                          : 'ru-compare__term'
                      }
                      title={entry.shared ? SHARED_TERM_LABEL : undefined}
                    >
                      {entry.shared ? <CheckIcon size={12} aria-hidden="true" /> : null}
                      {entry.term}
                      {entry.shared ? (
                        <span className="ui-sr-only"> ({SHARED_TERM_LABEL.toLowerCase()})</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="ui-muted">No key terms.</p>
              )}
              <h4 id={`${titleId}-sentences`} className="ru-compare__label">
                Top sentences
              </h4>
              {document.sentences.length > 0 ? (
                <ol className="ru-compare__sentences" aria-labelledby={`${titleId}-sentences`}>
                  {document.sentences.map((sentence) => (
                    <li key={`${sentence.start}:${sentence.end}`}>{sentence.text}</li>
                  ))}
                </ol>
              ) : (
                <p className="ui-muted">Nothing in this document matches.</p>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
