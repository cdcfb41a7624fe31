import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { toApiErrorInfo } from 'common/api-client';
import type { ShowSources } from 'common/components/source-linked-summary';
import { FlaggedText } from 'common/components/flagged-text';
import { cx } from 'common/cx';
import { pageLabel, pagesOfSpans } from 'common/source-map';
import { Alert, AlertDescription, ErrorAlert } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Input } from 'common/ui/input';
import { Spinner } from 'common/ui/spinner';
import {
  NOT_IN_DOCUMENT,
  QUESTION_MESSAGES,
  askQuestion,
  fetchQuestions,
} from '../../lib/summaries/summary-questions-api';
import type { SummaryQuestion } from '../../lib/summaries/summary-questions-api';
import type { Summary } from '../../lib/summaries/summary';
import './ask-document.css';

/** The box's title and its input's name (issue 29), word for word. */
export const ASK_LABEL = 'Ask about this document';
export const QUESTION_MIN_CHARS = 3;
export const QUESTION_MAX_CHARS = 500;
export const QUESTION_TOO_SHORT = `The question must be at least ${QUESTION_MIN_CHARS} characters`;
export const NO_QUESTIONS_YET =
  'No questions yet. Answers quote the document and show where each part comes from.';
/** Said of an answer the built-in summarizer gave: the document's own sentences. */
export const QUOTED_ANSWER = 'Quick answer: sentences quoted from the document';
/** The longest quote a citation button shows; the whole sentence is highlighted in the original. */
const QUOTE_MAX_CHARS = 240;

type SourceSpan = SummaryQuestion['citations'][number];

export interface AskDocumentProps {
  summary: Pick<Summary, 'id' | 'originalContent'> & Partial<Pick<Summary, 'pageBreaks'>>;
  /** Highlights spans in the original above (SourceLinkedSummary's `below`). */
  show: ShowSources;
  /** The spans the original highlights for something under it now, or null. */
  shown: readonly SourceSpan[] | null;
}

/** The cited sentence as its button shows it: spaces collapsed, a long one shortened. */
function quoteOf(original: string, span: SourceSpan): string {
  const text = original.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
  return text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS - 1).trimEnd()}…` : text;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; questions: SummaryQuestion[] };

/**
 * "Ask about this document" under a summary's source view: the questions asked so far with
 * their answers (oldest first, newest last), each answer's cited sentences as buttons that
 * highlight and scroll to them in the original, and a field to ask another. Answers come from
 * the document alone: `The document does not say.` when nothing in it answers.
 */
export function AskDocument({ summary, show, shown }: AskDocumentProps) {
  const id = useId();
  const labelId = `ask${id}label`;
  const inputId = `ask${id}input`;
  const hintId = `ask${id}hint`;
  const errorId = `ask${id}error`;
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answered, setAnswered] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const original = summary.originalContent ?? '';
  const summaryId = summary.id;

  useEffect(() => {
    let current = true;
    fetchQuestions(summaryId).then(
      (questions) => {
        if (current) setLoaded({ state: 'loaded', questions });
      },
      (failure: unknown) => {
        if (current) {
          setLoaded({
            state: 'failed',
            message: toApiErrorInfo(failure, QUESTION_MESSAGES.list).message,
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [summaryId, attempt]);

  const questions = loaded.state === 'loaded' ? loaded.questions : [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending !== null) return;
    const question = draft.trim();
    if (question.length < QUESTION_MIN_CHARS) {
      setProblem(QUESTION_TOO_SHORT);
      input.current?.focus();
      return;
    }
    setProblem(null);
    setPending(question);
    setAnswered('');
    try {
      const answer = await askQuestion(summaryId, question);
      setLoaded((before) =>
        before.state === 'loaded'
          ? { state: 'loaded', questions: [...before.questions, answer] }
          : { state: 'loaded', questions: [answer] },
      );
      setDraft('');
      setAnswered(`Answer to “${answer.question}”: ${answer.answer}`);
    } catch (failure) {
      setProblem(toApiErrorInfo(failure, QUESTION_MESSAGES.ask).message);
    } finally {
      setPending(null);
    }
  };

  const choose = (question: SummaryQuestion, index: number) => {
    const key = `${question.id}:${index}`;
    const span = question.citations[index];
    if (!span) return;
    if (chosen === key && shown !== null) {
      setChosen(null);
      show(null, 'No source chosen.');
      return;
    }
    setChosen(key);
    const pages = pageLabel(pagesOfSpans([span], summary.pageBreaks));
    const where = pages === '' ? '' : `, ${pages.replace(/^p\. /u, 'page ')}`;
    show(
      [span],
      `Source ${index + 1} of ${question.citations.length} of the answer highlighted in the original${where}.`,
    );
  };

  return (
    <section className="ru-ask" aria-labelledby={labelId}>
      <h3 className="ru-details-title ru-ask__title">
        <label id={labelId} htmlFor={inputId}>
          {ASK_LABEL}
        </label>
      </h3>

      {loaded.state === 'loading' ? (
        <p className="ru-ask__status">
          <Spinner size="sm" label="Loading earlier questions…" showLabel />
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <Alert variant="destructive">
          <AlertDescription>
            {loaded.message}{' '}
            <Button
              variant="link"
              size="sm"
              onClick={() => {
                setLoaded({ state: 'loading' });
                setAttempt((count) => count + 1);
              }}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {loaded.state === 'loaded' && questions.length === 0 && pending === null ? (
        <p className="ru-ask__empty">{NO_QUESTIONS_YET}</p>
      ) : null}

      {questions.length > 0 || pending !== null ? (
        <ol className="ru-ask__list" aria-label="Questions and answers">
          {questions.map((question) => (
            <li key={question.id} className="ru-ask__item">
              <p className="ru-ask__question">
                <span className="ui-sr-only">Question: </span>
                {question.question}
              </p>
              <div className="ru-ask__answer">
                <p
                  className={cx(
                    'ru-ask__text',
                    question.answer === NOT_IN_DOCUMENT && 'ru-ask__text--none',
                  )}
                >
                  <span className="ui-sr-only">Answer: </span>
                  <FlaggedText text={question.answer} unverified={question.unverified} />
                </p>
                {question.isFallback && question.answer !== NOT_IN_DOCUMENT ? (
                  <p className="ru-ask__meta">{QUOTED_ANSWER}</p>
                ) : null}
                {question.citations.length > 0 ? (
                  <ul
                    className="ru-ask__citations"
                    aria-label={`Sources of the answer to “${question.question}”`}
                  >
                    {question.citations.map((span, index) => {
                      const key = `${question.id}:${index}`;
                      const pressed = chosen === key && shown !== null;
                      const pages = pageLabel(pagesOfSpans([span], summary.pageBreaks));
                      return (
                        <li key={key}>
                          <button
                            type="button"
                            className={cx(
                              'ru-ask__citation',
                              pressed && 'ru-ask__citation--chosen',
                            )}
                            aria-pressed={pressed}
                            onClick={() => choose(question, index)}
                          >
                            <span className="ui-sr-only">Show source {index + 1}: </span>“
                            {quoteOf(original, span)}”
                            {pages !== '' ? <span className="ru-ask__page">{pages}</span> : null}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
          {pending !== null ? (
            <li className="ru-ask__item" aria-busy="true">
              <p className="ru-ask__question">
                <span className="ui-sr-only">Question: </span>
                {pending}
              </p>
              <p className="ru-ask__status">
                <Spinner size="sm" label="Finding the answer in the document…" showLabel />
              </p>
            </li>
          ) : null}
        </ol>
      ) : null}

      <form className="ru-ask__form" onSubmit={(event) => void submit(event)} noValidate>
        <Input
          ref={input}
          id={inputId}
          name="question"
          className="ru-ask__input"
          value={draft}
          maxLength={QUESTION_MAX_CHARS}
          autoComplete="off"
          placeholder="For example: what was the sample size?"
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          aria-invalid={problem !== null && problem === QUESTION_TOO_SHORT ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem === QUESTION_TOO_SHORT) setProblem(null);
          }}
        />
        <Button type="submit" loading={pending !== null} className="ru-ask__button">
          Ask
        </Button>
      </form>
      <p id={hintId} className="ru-ask__hint">
        {QUESTION_MIN_CHARS} to {QUESTION_MAX_CHARS} characters. Answers come from this document
        only.
      </p>
      <div id={errorId}>
        <ErrorAlert message={problem} />
      </div>
      <p role="status" className="ui-sr-only">
        {answered}
      </p>
    </section>
  );
}
