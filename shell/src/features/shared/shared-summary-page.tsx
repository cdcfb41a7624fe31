import { useEffect, useState } from 'react';
import { ApiError, api, request, toApiErrorInfo } from 'common/api-client';
import type { ResponseData } from 'common/api-client';
import { useParams } from 'common/router';
import { formatDateTime } from 'common/text';
import { Alert, AlertDescription, AlertTitle } from 'common/ui/alert';
import { ButtonLink } from 'common/ui/button';
import { Spinner } from 'common/ui/spinner';
import { DocumentWarning } from 'common/components/document-warning';
import { SummaryLanguages } from 'common/components/summary-languages';
import { UNCHECKED_SOURCES_LABEL, textLanguageAttributes } from 'common/summary-language';
import { BrandLink } from '../../components/brand-link';
import { markIdOf, mergedSpans, originalParts } from './source-highlights';
import '../../components/site-header.css';
import './shared-summary-page.css';

/** The summary anyone with a live link reads (GET /api/shared/:token). */
export type SharedSummary = ResponseData<(typeof api.shared)[':token']['$get']>['summary'];

/** The sentence of a link that is unknown, stopped, or whose summary was deleted. */
export const SHARED_NOT_FOUND_TEXT =
  'This link does not work: its owner stopped sharing the summary, or deleted it.';

const LOAD_FAILED_MESSAGE = 'Failed to load the shared summary';

/** The API only reads http(s) pages; anything else is never made a link on a public page. */
const WEB_ADDRESS = /^https?:\/\//i;

type PageState =
  | { kind: 'loading' }
  | { kind: 'found'; summary: SharedSummary }
  | { kind: 'not-found' }
  | { kind: 'failed'; message: string };

/** GET /api/shared/:token; the link's state in the words of the page. */
async function loadShared(token: string): Promise<PageState> {
  try {
    const body = await request(
      () => api.shared[':token'].$get({ param: { token } }),
      LOAD_FAILED_MESSAGE,
    );
    return { kind: 'found', summary: body.data.summary };
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return { kind: 'not-found' };
    return { kind: 'failed', message: toApiErrorInfo(failure, LOAD_FAILED_MESSAGE).message };
  }
}

/** The summary, sentence by sentence, each linking to its highlighted source in the original. */
function LinkedSummary({ summary }: { summary: SharedSummary }) {
  const merged = mergedSpans(
    summary.sourceMap.flatMap((entry) => entry.sources),
    summary.originalContent.length,
  );
  const language = textLanguageAttributes(summary.language);
  if (summary.sourceMap.length === 0) {
    return (
      <p className="shared-summary__text" {...language}>
        {summary.summarizedContent}
      </p>
    );
  }
  const sentences = summary.sourceMap.map((entry, index) => {
    const markId = markIdOf(entry.sources, merged);
    return (
      <li key={index}>
        {entry.text}
        {entry.checked === false ? (
          <span className="shared-summary__unchecked" dir="ltr" lang="en">
            {' '}
            ({UNCHECKED_SOURCES_LABEL})
          </span>
        ) : null}
        {markId ? (
          <>
            {' '}
            <a className="shared-summary__source" href={`#${markId}`}>
              Source<span className="ui-sr-only"> of sentence {index + 1}</span>
            </a>
          </>
        ) : null}
      </li>
    );
  });
  return summary.format === 'bullets' ? (
    <ul className="shared-summary__sentences" {...language}>
      {sentences}
    </ul>
  ) : (
    <ol className="shared-summary__sentences shared-summary__sentences--prose" {...language}>
      {sentences}
    </ol>
  );
}

function SharedSummaryView({ summary }: { summary: SharedSummary }) {
  const title = summary.sourceTitle?.trim() || 'Shared summary';
  const spans = summary.sourceMap.flatMap((entry) => entry.sources);
  return (
    <article className="shared-summary" aria-labelledby="shared-title">
      <h1 id="shared-title">{title}</h1>
      <p className="ui-muted">
        Shared by {summary.author.name} · {formatDateTime(summary.createdAt)}
        {summary.sourceUrl && WEB_ADDRESS.test(summary.sourceUrl) ? (
          <>
            {' · '}
            <a href={summary.sourceUrl} rel="noreferrer noopener nofollow">
              Original page
            </a>
          </>
        ) : null}
      </p>
      <SummaryLanguages summary={summary} />
      <DocumentWarning hiddenText={summary.hiddenText} instructionLike={summary.instructionLike} />
      <section aria-labelledby="shared-summary-heading">
        <h2 id="shared-summary-heading">Summary</h2>
        <LinkedSummary summary={summary} />
      </section>
      {summary.keywords.length > 0 ? (
        <section aria-labelledby="shared-terms-heading">
          <h2 id="shared-terms-heading">Key terms</h2>
          <ul className="shared-summary__terms">
            {summary.keywords.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="shared-original-heading">
        <h2 id="shared-original-heading">Original</h2>
        <p className="shared-summary__original" {...textLanguageAttributes(summary.sourceLanguage)}>
          {originalParts(summary.originalContent, spans).map((part, index) =>
            part.id ? (
              <mark key={index} id={part.id} tabIndex={-1}>
                {part.text}
              </mark>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      </section>
    </article>
  );
}

/**
 * /s/:token: a shared summary, read-only, for anyone with the link (no sign-in). Its document is
 * prerendered (the loading state) so it paints at once on a phone; the summary comes from
 * GET /api/shared/:token. A stopped or unknown link says so in one sentence.
 */
export function SharedSummaryPage() {
  const { token = '' } = useParams();
  // What was loaded, and for which link: another link shows the loading state until its own.
  const [loaded, setLoaded] = useState<{ token: string; state: PageState } | null>(null);
  const state: PageState = loaded?.token === token ? loaded.state : { kind: 'loading' };

  useEffect(() => {
    let current = true;
    void loadShared(token).then((next) => {
      if (current) setLoaded({ token, state: next });
    });
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="shared-page">
      <header className="site-header--sticky">
        <div className="site-header__bar shared-page__bar">
          <BrandLink />
          <ButtonLink to="/register" size="sm">
            Summarize your own
          </ButtonLink>
        </div>
      </header>
      <main id="main-content" className="shared-page__main">
        {state.kind === 'loading' ? (
          <Spinner label="Loading the shared summary…" showLabel />
        ) : state.kind === 'found' ? (
          <SharedSummaryView summary={state.summary} />
        ) : state.kind === 'not-found' ? (
          <section aria-labelledby="shared-title" className="shared-summary">
            <h1 id="shared-title">Summary not available</h1>
            <p>{SHARED_NOT_FOUND_TEXT}</p>
          </section>
        ) : (
          <Alert variant="destructive">
            <AlertTitle>Could not load the summary</AlertTitle>
            <AlertDescription>{state.message}</AlertDescription>
          </Alert>
        )}
      </main>
    </div>
  );
}
