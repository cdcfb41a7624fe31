import { FlaggedText, UNVERIFIED_LABEL } from './flagged-text';
import { Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from 'common/cx';
import type { OwnSummaryRecord as Summary } from 'common/own-summary';
import {
  findTerm,
  pageLabel,
  pagesOfSpans,
  segmentText,
  summarySentences,
} from 'common/source-map';
import type { SummarySentence } from 'common/source-map';
import { SummaryText } from './summary-text';
import { UNCHECKED_SOURCES_LABEL, textLanguageAttributes } from '../summary-language';
import { PageMarker } from './page-marker';
import { DocumentMarker } from './document-marker';
import {
  collectionDocuments,
  documentHeadings,
  documentsLabel,
  documentsOfSpans,
  documentsPhrase,
  withDocumentHeadings,
} from 'common/collection-sources';
import {
  MIN_SECTIONS_SHOWN,
  coverageLabel,
  sectionCoverage,
  withSectionMarks,
} from 'common/section-coverage';
import type { Coverage } from 'common/section-coverage';
import './source-linked-summary.css';

/** The flag on numbers, dates and names the source never mentions (API.md `unverified`). */
export { UNVERIFIED_LABEL };
/** What an unsupported sentence says of itself. */
export const UNSUPPORTED_LABEL = 'Unsupported';
export const MAX_KEYWORDS = 10;

/** UTF-16 offsets into `originalContent`, end exclusive. */
type SourceSpan = NonNullable<Summary['sourceMap']>[number]['sources'][number];

/**
 * Highlights `spans` in the original and scrolls to the first, as choosing a summary sentence
 * does (null clears them), and says `announcement` to screen readers.
 */
export type ShowSources = (spans: readonly SourceSpan[] | null, announcement: string) => void;

export interface SourceLinkedSummaryProps {
  /** The workbench fields may be absent (an older API's answer): the text alone is shown. */
  summary: Pick<Summary, 'summarizedContent' | 'originalContent'> &
    Partial<
      Pick<
        Summary,
        | 'sourceMap'
        | 'keywords'
        | 'unverified'
        | 'format'
        | 'pageBreaks'
        | 'language'
        | 'sourceLanguage'
        | 'sources'
        | 'sections'
      >
    >;
  /** Key-term chips above the summary (the result card). */
  showKeywords?: boolean;
  /** The heading level of "Summary" and "Original content". */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  /**
   * What goes under the summary and its original (the owner's questions, issue 29): given the
   * function that highlights spans of the original, and the spans it shows now (null when a
   * summary sentence, or nothing, is chosen).
   */
  below?: (show: ShowSources, shown: readonly SourceSpan[] | null) => ReactNode;
  /**
   * Regenerates the summary drawing on the section titled `title` (`Include: <title>`, issue
   * 28): the uncovered titles of `Covers n of m sections` become buttons. Absent: plain text
   * (a staff card, a shared page).
   */
  onIncludeSection?: ((title: string) => void) | undefined;
  /** A regeneration is running: the section buttons wait. */
  includeBusy?: boolean | undefined;
}

/** Beside a section's heading in the original: whether the summary draws on it. */
export const SECTION_COVERED_LABEL = 'Covered';
export const SECTION_UNCOVERED_LABEL = 'Not covered';

function SectionMark({ covered }: { covered: boolean }) {
  return (
    <span
      className={cx('ru-section-mark', covered && 'ru-section-mark--covered')}
      title={
        covered ? 'The summary draws on this section' : 'The summary does not draw on this section'
      }
    >
      {covered ? SECTION_COVERED_LABEL : SECTION_UNCOVERED_LABEL}
      <span className="ui-sr-only">: </span>
    </span>
  );
}

/**
 * `Covers 5 of 8 sections` and `Not covered: Methods, Limitations, Funding`, each uncovered
 * title a button that regenerates the summary with `Include: <title>` when `onInclude` is given.
 */
function SectionCoverageNote({
  coverage,
  onInclude,
  busy,
}: {
  coverage: Coverage;
  onInclude: ((title: string) => void) | undefined;
  busy: boolean;
}) {
  return (
    <div className="ru-coverage" role="note">
      <strong className="ru-coverage__count">{coverageLabel(coverage)}</strong>
      {coverage.uncovered.length > 0 ? (
        <p className="ru-coverage__missing">
          {'Not covered: '}
          {coverage.uncovered.map((title, index) => (
            <Fragment key={`${index}-${title}`}>
              {index > 0 ? ', ' : null}
              {onInclude ? (
                <button
                  type="button"
                  className="ru-coverage__include"
                  disabled={busy}
                  title={`Regenerate the summary to include ${title}`}
                  onClick={() => onInclude(title)}
                >
                  {title}
                </button>
              ) : (
                <span>{title}</span>
              )}
            </Fragment>
          ))}
        </p>
      ) : null}
    </div>
  );
}

const ITEM_LINE = /^\s*(?:[-*•]|\d+[.)])\s+/u;

/** Every non-blank line of the text is a list item. */
function isItemList(text: string): boolean {
  const lines = text.split(/\r\n?|\n/).filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.every((line) => ITEM_LINE.test(line));
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function sentenceAnnouncement(
  sentence: SummarySentence,
  total: number,
  pages: string,
  documents = '',
): string {
  const position = `Sentence ${sentence.index + 1} of ${total}`;
  if (sentence.sources.length === 0) return `${position}: nothing in the source supports it.`;
  const where =
    pages === ''
      ? ''
      : `, ${pages.replace(/^pp?\. /u, (prefix) => (prefix === 'p. ' ? 'page ' : 'pages '))}`;
  const from = documents === '' ? '' : `, from ${documents}`;
  return `${position}: ${plural(sentence.sources.length, 'source sentence', 'source sentences')} highlighted in the original${where}${from}.`;
}

/** Wider than this, the summary and its original stand side by side (source-linked-summary.css). */
const SIDE_BY_SIDE = '(min-width: 768px)';

/**
 * Scrolls the first element matching `selector` in the original's box to the box's middle and,
 * when the two panes are stacked (a phone), to the middle of the screen, clear of its edges.
 */
function centreInOriginal(box: HTMLElement | null, selector: string): void {
  const target = box?.querySelector<HTMLElement>(selector);
  if (!box || !target) return;
  const sideBySide = window.matchMedia?.(SIDE_BY_SIDE).matches ?? true;
  if (!sideBySide) {
    target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    return;
  }
  const boxTop = box.getBoundingClientRect().top + box.clientTop;
  const offset = target.getBoundingClientRect().top - boxTop + box.scrollTop;
  const top = Math.max(0, offset - (box.clientHeight - target.offsetHeight) / 2);
  if (typeof box.scrollTo === 'function') box.scrollTo({ top, behavior: 'smooth' });
  else box.scrollTop = top;
}

/**
 * The summary sentence by sentence beside its original text (below it under 768 px): choosing a
 * sentence (click, Enter or Space) highlights and scrolls to the source sentences behind it; the
 * original marks every sentence the summary uses. Summaries without a source map show as text.
 */
export function SourceLinkedSummary({
  summary,
  showKeywords = false,
  headingLevel = 3,
  className,
  below,
  onIncludeSection,
  includeBusy = false,
}: SourceLinkedSummaryProps) {
  const id = useId();
  const summaryHeadingId = `workbench${id}summary`;
  const originalHeadingId = `workbench${id}original`;
  const Heading = `h${headingLevel}` as const;
  const original = summary.originalContent ?? '';
  const sentences = useMemo(() => summarySentences(summary), [summary]);
  const keywords = useMemo(
    () =>
      (summary.keywords ?? []).filter((keyword) => keyword.trim() !== '').slice(0, MAX_KEYWORDS),
    [summary.keywords],
  );
  const unverified = useMemo(
    () => (summary.unverified ?? []).filter((term) => term.trim() !== ''),
    [summary.unverified],
  );
  const [selected, setSelected] = useState<number | null>(null);
  const [keyword, setKeyword] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Spans shown for something under the workbench (a question's citation), not a sentence.
  const [shown, setShown] = useState<{ spans: readonly SourceSpan[] } | null>(null);
  const originalBox = useRef<HTMLDivElement>(null);

  // A new version (a regeneration, a restore) starts with nothing chosen.
  const [shownMap, setShownMap] = useState(summary.sourceMap);
  if (shownMap !== summary.sourceMap) {
    setShownMap(summary.sourceMap);
    setSelected(null);
    setKeyword(null);
    setAnnouncement('');
    setShown(null);
  }

  const used = useMemo(
    () => (sentences ?? []).flatMap((sentence) => sentence.sources),
    [sentences],
  );
  const active = useMemo(
    () => (selected !== null ? (sentences?.[selected]?.sources ?? []) : (shown?.spans ?? [])),
    [selected, sentences, shown],
  );
  const keywordSpans = useMemo(
    () => (keyword ? findTerm(original, keyword) : []),
    [keyword, original],
  );
  // A collection (issue 29): each document under its title, each sentence with its documents.
  const documents = useMemo(
    () => collectionDocuments(summary.sources, original.length),
    [summary.sources, original.length],
  );
  // What the summary left out (issue 28): shown from two sections with text of their own.
  const coverage = useMemo(
    () => sectionCoverage(original, summary.sections, summary.sourceMap),
    [original, summary.sections, summary.sourceMap],
  );
  const showCoverage = coverage.total >= MIN_SECTIONS_SHOWN;
  const segments = useMemo(
    () =>
      withSectionMarks(
        withDocumentHeadings(
          segmentText(original, { used, active, keyword: keywordSpans }, summary.pageBreaks),
          documentHeadings(documents),
        ),
        showCoverage ? coverage.sections : [],
      ),
    [original, used, active, keywordSpans, summary.pageBreaks, documents, showCoverage, coverage],
  );

  // Bring the chosen sentence's source, or a key term's first occurrence, to the middle of the
  // original's box; where the box is below the summary (a phone), to the middle of the screen.
  useEffect(() => {
    if (selected !== null) centreInOriginal(originalBox.current, '[data-active="true"]');
  }, [selected]);
  useEffect(() => {
    if (keyword !== null) centreInOriginal(originalBox.current, '[data-keyword="true"]');
  }, [keyword]);
  useEffect(() => {
    if (shown !== null) centreInOriginal(originalBox.current, '[data-active="true"]');
  }, [shown]);

  // Each text in its own language and direction (Arabic, Persian, Urdu, Hebrew right to left).
  const summaryLanguage = textLanguageAttributes(summary.language);
  const sourceLanguage = textLanguageAttributes(summary.sourceLanguage);

  if (!sentences) {
    return (
      <SummaryText text={summary.summarizedContent} className={className} {...summaryLanguage} />
    );
  }

  const choose = (sentence: SummarySentence) => {
    const next = selected === sentence.index ? null : sentence.index;
    setSelected(next);
    setShown(null);
    setAnnouncement(
      next === null
        ? 'No sentence chosen.'
        : sentenceAnnouncement(
            sentence,
            sentences.length,
            citedPages(sentence),
            documentsPhrase(documentsOfSpans(sentence.sources, documents)),
          ),
    );
  };

  const onSentenceKey = (event: KeyboardEvent<HTMLElement>, sentence: SummarySentence) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(sentence);
    }
  };

  const chooseKeyword = (term: string) => {
    const next = keyword === term ? null : term;
    setKeyword(next);
    if (next === null) {
      setAnnouncement('No key term chosen.');
      return;
    }
    const count = findTerm(original, next).length;
    setAnnouncement(
      `Key term “${next}”: ${plural(count, 'match', 'matches')} highlighted in the original.`,
    );
  };

  const showSources: ShowSources = (spans, said) => {
    setSelected(null);
    setShown(spans === null || spans.length === 0 ? null : { spans });
    setAnnouncement(said);
  };

  /** For a paged source (a PDF, a scan): `p. 4` where the sentence's sources are. */
  const citedPages = (sentence: SummarySentence) =>
    pageLabel(pagesOfSpans(sentence.sources, summary.pageBreaks));

  const renderSentence = (sentence: SummarySentence) => {
    const unsupported = sentence.sources.length === 0;
    const isSelected = selected === sentence.index;
    const pages = unsupported ? '' : citedPages(sentence);
    const drawnOn = documentsOfSpans(sentence.sources, documents);
    return (
      <span
        role="button"
        tabIndex={0}
        aria-pressed={isSelected}
        className={cx(
          'ru-sentence',
          isSelected && 'ru-sentence--selected',
          unsupported && 'ru-sentence--unsupported',
        )}
        onClick={() => choose(sentence)}
        onKeyDown={(event) => onSentenceKey(event, sentence)}
      >
        <FlaggedText text={sentence.text} unverified={unverified} />
        {unsupported ? (
          <>
            <span className="ui-sr-only"> (</span>
            <span
              className="ru-sentence__flag"
              title="Nothing in the source supports this sentence"
            >
              {UNSUPPORTED_LABEL}
            </span>
            <span className="ui-sr-only">)</span>
          </>
        ) : null}
        {sentence.unchecked && !unsupported ? (
          <>
            <span className="ui-sr-only"> (</span>
            <span className="ru-sentence__flag ru-sentence__flag--unchecked" dir="ltr" lang="en">
              {UNCHECKED_SOURCES_LABEL}
            </span>
            <span className="ui-sr-only">)</span>
          </>
        ) : null}
        {pages !== '' ? (
          <span className="ru-sentence__page" title="Where its source is in the original">
            {pages}
          </span>
        ) : null}
        {drawnOn.length > 0 ? (
          <span
            className="ru-sentence__documents"
            title={`Draws on ${drawnOn.map((number) => `[${number}] ${documents[number - 1]?.title ?? ''}`).join(', ')}`}
          >
            <span aria-hidden="true">{documentsLabel(drawnOn)}</span>
            <span className="ui-sr-only"> (from {documentsPhrase(drawnOn)})</span>
          </span>
        ) : null}
      </span>
    );
  };

  // Items one a line: the bullets format, or a summary a custom prompt turned into a list.
  const bullets = summary.format === 'bullets' || isItemList(summary.summarizedContent);

  return (
    <div className={cx('ru-workbench', className)}>
      {showKeywords && keywords.length > 0 ? (
        <div className="ru-keywords" role="group" aria-label="Key terms">
          <span className="ru-keywords__label" aria-hidden="true">
            Key terms
          </span>
          {keywords.map((term) => (
            <button
              key={term}
              type="button"
              className={cx('ru-chip', keyword === term && 'ru-chip--selected')}
              aria-pressed={keyword === term}
              onClick={() => chooseKeyword(term)}
            >
              {term}
            </button>
          ))}
        </div>
      ) : null}
      {showCoverage ? (
        <SectionCoverageNote coverage={coverage} onInclude={onIncludeSection} busy={includeBusy} />
      ) : null}
      <div className="ui-columns ru-workbench__columns">
        <div className="ui-pane">
          <Heading id={summaryHeadingId} className="ru-details-title">
            Summary
          </Heading>
          <p className="ru-workbench__hint">Choose a sentence to see its source.</p>
          {bullets ? (
            <ul className="ru-sentences ru-sentences--list" {...summaryLanguage}>
              {sentences.map((sentence) => (
                <li key={sentence.index}>{renderSentence(sentence)}</li>
              ))}
            </ul>
          ) : (
            <p className="ru-sentences" {...summaryLanguage}>
              {sentences.map((sentence) => (
                <span key={sentence.index}>{renderSentence(sentence)} </span>
              ))}
            </p>
          )}
          {unverified.length > 0 ? (
            <div className="ru-unverified-note" role="note">
              <strong>{UNVERIFIED_LABEL}:</strong>{' '}
              {unverified.map((term, index) => (
                <span key={term}>
                  {index > 0 ? ', ' : null}
                  <mark className="ru-unverified">{term}</mark>
                </span>
              ))}
            </div>
          ) : null}
        </div>
        {/* Not a named section: the scrollable box below is the one "Original content" region. */}
        <div className="ui-pane">
          <Heading id={originalHeadingId} className="ru-details-title">
            Original content
          </Heading>
          <div
            ref={originalBox}
            className="ru-original"
            // A scrollable region: focusable so keyboard users can scroll it.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-labelledby={originalHeadingId}
            {...sourceLanguage}
          >
            {original.trim() === ''
              ? 'Original content not available'
              : segments.map((segment) => {
                  if (segment.heading) {
                    return (
                      <DocumentMarker
                        key={`document-${segment.heading.number}`}
                        number={segment.heading.number}
                        title={segment.heading.title}
                        level={headingLevel === 2 ? 3 : headingLevel === 3 ? 4 : 5}
                      />
                    );
                  }
                  const text =
                    segment.used || segment.active || segment.keyword ? (
                      <mark
                        key={segment.start}
                        className={cx(
                          'ru-source',
                          segment.used && 'ru-source--used',
                          segment.active && 'ru-source--active',
                          segment.keyword && 'ru-source--keyword',
                        )}
                        data-active={segment.active || undefined}
                        data-keyword={segment.keyword || undefined}
                        aria-current={segment.active ? 'true' : undefined}
                      >
                        {segment.text}
                      </mark>
                    ) : (
                      <span key={segment.start}>{segment.text}</span>
                    );
                  return segment.page === undefined && segment.section === undefined ? (
                    text
                  ) : (
                    <Fragment key={segment.start}>
                      {segment.page === undefined ? null : <PageMarker page={segment.page} />}
                      {segment.section === undefined ? null : (
                        <SectionMark covered={segment.section.covered} />
                      )}
                      {text}
                    </Fragment>
                  );
                })}
          </div>
        </div>
      </div>
      {below ? below(showSources, shown?.spans ?? null) : null}
      <p role="status" className="ui-sr-only">
        {announcement}
      </p>
    </div>
  );
}
