// First, so every page orders the summary's shared styles before its components' own.
import '../../components/summary.css';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { selectCredits } from 'common/session';
import { useAppDispatch, useAppSelector } from 'common/store';
import { Alert, AlertDescription, AlertTitle } from 'common/ui/alert';
import { Card, CardContent } from 'common/ui/card';
import { CoinsIcon } from 'common/ui/icons';
import { Page } from 'common/ui/page-header';
import { Spinner } from 'common/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'common/ui/tabs';
import {
  clearCreationError,
  clearCurrentSummary,
  createSummary,
  createSummaryFromFile,
  createSummaryFromUrl,
  selectWorkbenchState,
} from './workbench-slice';
import { useSummaryOptions } from '../../lib/summaries/summary-options';
import { usePortalConfig } from '../../lib/config/use-portal-config';
import { describeFileTypes } from 'common/file-types';
import { SUMMARIZE_MESSAGES } from './content-rules';
import { scrollClearOfHeader } from './scroll-clear';
import { StoppedSummary, StreamingSummary } from './streaming-summary';
import type { StreamSource } from './streaming-summary';
import { EMPTY_SOURCE_DRAFTS } from './source-form';
import type { SourceDrafts, SourceFormProps, SourceRequest } from './source-form';
import { SOURCE_TABS } from './source-tabs';
import './summarize-page.css';
import { RequestCreditsAction } from '../../components/credits/request-credits-action';

// The first screen is the forms. The result card (with its source view, review, versions and
// exports) loads when it is needed, starting as soon as a summary is asked for, in parallel with
// the request (issue 12).
const loadSummaryResult = () => import('./summary-result');
const SummaryResult = lazy(() =>
  loadSummaryResult().then((module) => ({ default: module.SummaryResult })),
);

function preloadSummaryResult() {
  void loadSummaryResult();
}

/** A new result takes focus, scrolled into view below the sticky header (not under it). */
function focusResult(heading: HTMLHeadingElement) {
  heading.focus({ preventScroll: true });
  scrollClearOfHeader(heading);
}

/** The card shown while a summary is written, and while the code that shows it arrives. */
function ResultPending({ label }: { label: string }) {
  return (
    <Card className="ru-result ru-result--loading" aria-busy="true">
      <CardContent className="ru-result__loading">
        <Spinner size="lg" label={label} showLabel />
      </CardContent>
    </Card>
  );
}

/** /summarize: paste text or upload a file, then work with the result (SPEC.md /summarize). */
export function SummarizePage() {
  const dispatch = useAppDispatch();
  const credits = useAppSelector(selectCredits);
  const { currentSummary, status, error, operation, job, stream } =
    useAppSelector(selectWorkbenchState);
  const config = usePortalConfig();
  // The tabs the server offers (the Web page tab only where it reads web pages).
  const tabs = SOURCE_TABS.filter(({ offered }) => offered?.(config) ?? true);
  const [chosenTab, setTab] = useState<StreamSource>('text');
  const tab = tabs.some(({ id }) => id === chosenTab) ? chosenTab : 'text';
  const [drafts, setDrafts] = useState<SourceDrafts>(EMPTY_SOURCE_DRAFTS);
  // `Include hidden text` (issue 28), one choice for the Upload and Web page tabs.
  const [includeHidden, setIncludeHidden] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement | null>(null);
  /** A new summary arrived while the result card's code was still loading: focus it on mount. */
  const focusResultWhenShown = useRef(false);
  const attachResultHeading = useCallback((heading: HTMLHeadingElement | null) => {
    resultHeading.current = heading;
    if (heading && focusResultWhenShown.current) {
      focusResultWhenShown.current = false;
      focusResult(heading);
    }
  }, []);
  /** Each source's field, which Start again focuses when there is nothing to send again. */
  const fields = useRef<Partial<Record<StreamSource, HTMLElement | null>>>({});
  /** The summary being written (from text, a page or a file), so Stop can abort it. */
  const creation = useRef<{ abort: () => void } | null>(null);
  const [options, setOptions] = useSummaryOptions();
  /** What Stop left: the text written so far, shown with Copy and Start again, and its source. */
  const [stopped, setStopped] = useState<{ partialText: string; source: StreamSource } | null>(
    null,
  );
  const focusStopped = useCallback((heading: HTMLHeadingElement | null) => {
    if (heading) {
      heading.focus({ preventScroll: true });
      scrollClearOfHeader(heading);
    }
  }, []);

  const loading = status === 'loading';
  const creating = loading && (operation === 'text' || operation === 'file' || operation === 'url');
  const regenerating = loading && operation === 'regenerate';
  const creationError = status === 'failed' && operation !== 'regenerate' ? error : null;

  // A new summary takes the reader to the result; a regeneration (same id) or coming back to
  // the page with a summary already shown does not move focus.
  const shownSummaryId = currentSummary?.id ?? null;
  const previousSummaryId = useRef(shownSummaryId);
  useEffect(() => {
    if (shownSummaryId === previousSummaryId.current) return;
    previousSummaryId.current = shownSummaryId;
    const heading = resultHeading.current;
    focusResultWhenShown.current = heading === null && shownSummaryId !== null;
    if (heading) focusResult(heading);
  }, [shownSummaryId]);

  /** Keeps the running creation for Stop, until it ends. */
  const track = <Running extends Promise<unknown> & { abort: () => void }>(
    running: Running,
  ): Running => {
    creation.current = running;
    void running.finally(() => {
      if (creation.current === running) creation.current = null;
    });
    return running;
  };

  const dispatchCreation = (request: SourceRequest) => {
    switch (request.source) {
      case 'text':
        return dispatch(createSummary({ content: request.content, options }));
      case 'url':
        return dispatch(createSummaryFromUrl({ url: request.url, options, includeHidden }));
      case 'file':
        return dispatch(createSummaryFromFile({ file: request.file, options, includeHidden }));
    }
  };

  /** Asks for the summary; resolves with the failure's message, or null (made, or stopped). */
  const start = async (request: SourceRequest): Promise<string | null> => {
    setStopped(null);
    preloadSummaryResult();
    const result = await track(dispatchCreation(request));
    // Made (a fulfilled action carries no error), or stopped: nothing to report, the card below
    // says so.
    if (!('error' in result) || result.meta.aborted) return null;
    return result.payload?.message ?? SUMMARIZE_MESSAGES.fileFailed;
  };

  // Stop: the request is cancelled (nothing is charged) and the form is as it was, its text,
  // address or file kept; the card that replaces the stream says so, and offers the partial
  // text and Start again.
  const stopCreation = () => {
    const source: StreamSource = operation === 'file' || operation === 'url' ? operation : 'text';
    setStopped({ partialText: stream?.text ?? '', source });
    creation.current?.abort();
    creation.current = null;
  };

  const startAgain = () => {
    const source = stopped?.source ?? 'text';
    const request = SOURCE_TABS.find(({ id }) => id === source)?.again(drafts) ?? null;
    if (request) void start(request);
    else fields.current[source]?.focus();
  };

  const reset = () => {
    setDrafts(EMPTY_SOURCE_DRAFTS);
    setStopped(null);
    dispatch(clearCurrentSummary());
  };

  // What every source's form is given (SourceFormProps) but whether its own request is running
  // and where its field is.
  const formProps: Omit<SourceFormProps, 'submitting' | 'fieldRef'> = {
    credits,
    busy: loading,
    creationError,
    // Another text, address or file is another cause: the last creation's error no longer applies.
    onCauseChange: () => {
      if (creationError !== null) dispatch(clearCreationError());
    },
    options,
    onOptionsChange: setOptions,
    includeHidden,
    onIncludeHiddenChange: setIncludeHidden,
    config,
    job,
    drafts,
    onDraftsChange: (change) => setDrafts((current) => ({ ...current, ...change })),
    onStart: start,
  };

  return (
    <Page
      id="summarize-heading"
      title="Create Summary"
      description={`Paste text${config.urlSources ? ', give a web page’s address' : ''} or upload a ${describeFileTypes(config.fileTypes)} file and get a concise summary. Each summary costs 1 credit; regenerating is free.`}
      className="ru-summarize"
      actions={
        <p className="ru-credit-pill">
          <CoinsIcon />
          <span>
            <strong>{credits}</strong> {credits === 1 ? 'credit' : 'credits'} available
          </span>
        </p>
      }
    >
      {credits <= 0 ? (
        <Alert variant="destructive" className="ru-summarize__credits-alert">
          <AlertTitle>No credits left</AlertTitle>
          <AlertDescription>{SUMMARIZE_MESSAGES.insufficientCredits}</AlertDescription>
          <RequestCreditsAction />
        </Alert>
      ) : null}

      <Card>
        <CardContent className="ru-summarize__card">
          <Tabs
            value={tab}
            onValueChange={(value) => {
              const chosen = tabs.find(({ id }) => id === value);
              if (chosen) setTab(chosen.id);
            }}
          >
            <TabsList aria-label="Content source">
              {tabs.map(({ id, label, Icon }) => (
                <TabsTrigger key={id} value={id}>
                  <Icon />
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map(({ id, Form }) => (
              <TabsContent key={id} value={id}>
                <Form
                  {...formProps}
                  submitting={creating && operation === id}
                  fieldRef={(field) => {
                    fields.current[id] = field;
                  }}
                />
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>

      {creating && stream ? (
        <StreamingSummary
          stream={stream}
          onStop={stopCreation}
          source={operation === 'file' || operation === 'url' ? operation : 'text'}
        />
      ) : creating ? (
        <ResultPending label="Generating your summary…" />
      ) : stopped ? (
        <StoppedSummary
          partialText={stopped.partialText}
          onStartAgain={startAgain}
          headingRef={focusStopped}
        />
      ) : currentSummary ? (
        <Suspense fallback={<ResultPending label="Loading your summary…" />}>
          <SummaryResult
            summary={currentSummary}
            onOptionsChosen={setOptions}
            onReset={reset}
            regenerating={regenerating}
            headingRef={attachResultHeading}
            defaultOptions={options}
          />
        </Suspense>
      ) : null}
    </Page>
  );
}
