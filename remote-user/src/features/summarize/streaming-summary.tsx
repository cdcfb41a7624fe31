import { useEffect, useRef, useState } from 'react';
import { countWords } from 'common/text';
import { Button } from 'common/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from 'common/ui/card';
import { Spinner } from 'common/ui/spinner';
import { RefreshIcon, XIcon, ZapIcon } from 'common/ui/icons';
import {
  FALLBACK_REASON_TEXT,
  UNKNOWN_FALLBACK_TEXT,
  progressPercent,
  progressText,
} from '../../lib/summaries/summary';
import type { SummaryProgress } from '../../lib/summaries/summary';
import type { SummaryStreamState } from './workbench-slice';
import { CopyButton } from '../../components/copy-button';
import { scrollClearOfHeader } from './scroll-clear';

/** How often, at most, the screen reader hears how far the summary has got. */
export const PROGRESS_ANNOUNCEMENT_MS = 5000;

/** The sentence shown and announced when the stream started again from the local summarizer. */
export function restartExplanation(stream: Pick<SummaryStreamState, 'resetReason'>): string {
  const why = stream.resetReason ? FALLBACK_REASON_TEXT[stream.resetReason] : UNKNOWN_FALLBACK_TEXT;
  return `${why} It replaces the text written so far.`;
}

/** Where the summary being written comes from: pasted text, an uploaded file or a web page. */
export type StreamSource = 'text' | 'file' | 'url';

/** What the bar says before the server's first `progress` event. */
function startingProgress(source: 'file' | 'url'): { text: string; percent: number } {
  return source === 'url'
    ? { text: progressText({ stage: 'fetching' }), percent: 5 }
    : { text: 'Sending the file…', percent: 5 };
}

/** The stage alone, for the live region: a page-by-page OCR count would be said on every page. */
function stageAnnouncement(progress: SummaryProgress | null, source: 'file' | 'url'): string {
  if (!progress) return startingProgress(source).text;
  return progress.stage === 'ocr' ? 'Reading the scan by OCR…' : progressText(progress);
}

/** The bar and the stage in words while a page or a file is read, before the first words. */
export function ReadingProgress({
  progress,
  source,
}: {
  progress: SummaryProgress | null;
  source: 'file' | 'url';
}) {
  const { text, percent } = progress
    ? { text: progressText(progress), percent: progressPercent(progress) }
    : startingProgress(source);
  return (
    <div className="ru-reading">
      <progress
        className="ru-job-progress__bar ru-reading__bar"
        max={100}
        value={percent}
        aria-label={source === 'url' ? 'Reading the page' : 'Reading the file'}
        aria-valuetext={text}
      />
      <p className="ru-reading__stage" data-testid="reading-stage">
        {text}
      </p>
    </div>
  );
}

export interface StreamingSummaryProps {
  stream: SummaryStreamState;
  /** Cancels the request: nothing is charged. */
  onStop: () => void;
  /** A file or a page is read first: its progress shows until the first words. */
  source?: StreamSource;
}

/**
 * The text summary while it is written: the text as it arrives, and Stop. A polite live region
 * says how many words are written every few seconds (not every token), and why the text
 * started again after a mid-stream fallback.
 */
export function StreamingSummary({ stream, onStop, source = 'text' }: StreamingSummaryProps) {
  const restart = stream.restarted ? restartExplanation(stream) : null;
  const words = countWords(stream.text);
  // The latest count for the timer, written after each render.
  const latest = useRef({ words, restarted: stream.restarted });
  useEffect(() => {
    latest.current = { words, restarted: stream.restarted };
  });

  // Progress, at most every few seconds; `afterRestart` tells whether it came after a reset.
  const [progress, setProgress] = useState({ message: '', afterRestart: false });
  useEffect(() => {
    let announced = 0;
    const timer = setInterval(() => {
      const { words: now, restarted } = latest.current;
      if (now === announced || now === 0) return;
      announced = now;
      setProgress({
        message: `${now} ${now === 1 ? 'word' : 'words'} written so far`,
        afterRestart: restarted,
      });
    }, PROGRESS_ANNOUNCEMENT_MS);
    return () => clearInterval(timer);
  }, []);
  const empty = stream.text.trim() === '';
  const reading = source !== 'text' && empty ? source : null;
  // A reset is said at once; progress takes over again at its next announcement. Before the
  // first words, a page or a file being read says its stage.
  const announcement =
    restart && !progress.afterRestart
      ? restart
      : reading
        ? stageAnnouncement(stream.progress, reading)
        : progress.message;

  // The card starts below the form, often below the fold: it comes into view (with Stop) once.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (card.current) scrollClearOfHeader(card.current);
  }, []);

  return (
    <Card
      ref={card}
      className="ru-result ru-stream"
      role="region"
      aria-labelledby="summary-stream-heading"
    >
      <CardHeader className="ru-stream__header">
        <CardTitle as="h2" id="summary-stream-heading">
          Writing the summary…
        </CardTitle>
        <Button variant="outline" size="sm" onClick={onStop}>
          <XIcon />
          Stop
        </Button>
      </CardHeader>
      <CardContent className="ru-result__content" aria-busy="true">
        {restart ? (
          <p className="ru-result__fallback">
            <ZapIcon size={14} />
            <span>{restart}</span>
          </p>
        ) : null}
        {reading ? (
          <ReadingProgress progress={stream.progress} source={reading} />
        ) : empty ? (
          <div className="ru-result__loading">
            <Spinner size="lg" label="Generating your summary…" showLabel />
          </div>
        ) : (
          <div className="ru-result__text">
            <p className="ru-stream__text" data-testid="streamed-summary">
              {stream.text}
            </p>
          </div>
        )}
        <p role="status" aria-live="polite" className="ui-sr-only">
          {announcement}
        </p>
      </CardContent>
    </Card>
  );
}

/** The stopped stream's message: SPEC-free words, said once the request is cancelled. */
export const STOPPED_MESSAGE = 'Stopped. Nothing was charged.';

export interface StoppedSummaryProps {
  /** The text written before Stop; may be empty. */
  partialText: string;
  /** Asks for the summary again, from the same text. */
  onStartAgain: () => void;
  /** The card's heading, focused when the card appears. */
  headingRef?: (heading: HTMLHeadingElement | null) => void;
}

/**
 * What Stop leaves: that nothing was charged, the partial text (which the API cannot store as a
 * summary: it keeps only finished ones) with a way to copy it, and Start again.
 */
export function StoppedSummary({ partialText, onStartAgain, headingRef }: StoppedSummaryProps) {
  const partial = partialText.trim();
  return (
    <Card className="ru-result ru-stream" role="region" aria-labelledby="summary-stopped-heading">
      <CardHeader className="ru-stream__header">
        <CardTitle as="h2" id="summary-stopped-heading" ref={headingRef} tabIndex={-1}>
          {STOPPED_MESSAGE}
        </CardTitle>
      </CardHeader>
      <CardContent className="ru-result__content">
        {partial ? (
          <>
            <p className="ui-muted">
              The summary was not finished, so it was not saved. You can copy the part written so
              far, or start again.
            </p>
            <div className="ru-result__text">
              <p className="ru-stream__text" data-testid="stopped-summary">
                {partial}
              </p>
            </div>
          </>
        ) : (
          <p className="ui-muted">Nothing was written yet. You can start again.</p>
        )}
        <div className="ui-row ru-stream__actions">
          {partial ? <CopyButton text={partial} label="Copy the partial text" /> : null}
          <Button size="sm" onClick={onStartAgain}>
            <RefreshIcon />
            Start again
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
