import { useState } from 'react';
import { pageFromSearch } from 'common/list-params';
import { Link, useSearchParams } from 'common/router';
import { selectUser } from 'common/session';
import { useAppSelector } from 'common/store';
import { useServerChanges } from 'common/live-updates';
import { When } from 'common/ui/when';
import { useLoad } from 'common/use-load';
import { Alert, AlertDescription, AlertTitle } from 'common/ui/alert';
import { Button } from 'common/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from 'common/ui/card';
import { CoinsIcon, RefreshIcon } from 'common/ui/icons';
import { Page } from 'common/ui/page-header';
import { Pager } from 'common/ui/pager';
import { Skeleton } from 'common/ui/skeleton';
import { CREDIT_MESSAGES, getCreditHistory } from '../../lib/credits/credits-api';
import { describeEntry, formatAmount } from './credit-history';
import { RequestCreditsAction } from '../../components/credits/request-credits-action';
import { InfoCard } from '../../components/info-card';
import './credits-page.css';

/** Credit movements per page. */
export const HISTORY_PAGE_SIZE = 20;

/** Low-balance words: a warning at 1 credit, the way forward at 0. */
export function LowCreditsNotice({ credits }: { credits: number }) {
  if (credits > 1) return null;
  if (credits === 1) {
    return (
      <Alert className="ru-credits__notice">
        <AlertTitle>1 credit left</AlertTitle>
        <AlertDescription>Your next summary uses your last credit.</AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" className="ru-credits__notice">
      <AlertTitle>No credits left</AlertTitle>
      <AlertDescription>Ask an administrator for more with a credit request.</AlertDescription>
    </Alert>
  );
}

/** /credits: the balance, a way to ask for more, and every movement of credits, newest first. */
export function CreditsPage() {
  const user = useAppSelector(selectUser);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const [reload, setReload] = useState(0);
  const credits = user?.credits;
  const serverChanges = useServerChanges();
  // The balance changing (a refresh, a summary) or a notification reloads the history too.
  const state = useLoad(
    `${page}:${reload}:${credits ?? ''}:${serverChanges}`,
    (signal) => getCreditHistory(page, HISTORY_PAGE_SIZE, signal),
    CREDIT_MESSAGES.history,
  );

  if (!user) return null;

  return (
    <Page
      id="credits-heading"
      title="Credits"
      description="Your balance and where every credit came from and went."
      className="ru-credits"
    >
      <div className="ru-credits__top">
        <InfoCard icon={<CoinsIcon />} label="Available credits">
          <p className="ru-info-card__value">{user.credits}</p>
          <p className="ru-info-card__hint">1 credit per summary. Regenerating is free.</p>
          <div className="ru-credits__actions">
            <RequestCreditsAction />
          </div>
        </InfoCard>
        <LowCreditsNotice credits={user.credits} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">History</CardTitle>
          <CardDescription>Every credit given or spent, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {state.status === 'failed' ? (
            <Alert variant="destructive">
              <AlertDescription>{state.message}</AlertDescription>
              <Button variant="outline" size="sm" onClick={() => setReload((value) => value + 1)}>
                <RefreshIcon />
                Try again
              </Button>
            </Alert>
          ) : state.status === 'loading' ? (
            <div aria-busy="true">
              <span role="status" className="ui-sr-only">
                Loading your credit history
              </span>
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="ru-credits__skeleton" />
              ))}
            </div>
          ) : state.data.entries.length === 0 ? (
            <p className="ui-muted">No credit movements yet.</p>
          ) : (
            <>
              <div className="ru-credits__table-wrap">
                <table className="ru-credits__table">
                  <caption className="ui-sr-only">Credit history, page {page}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">What happened</th>
                      <th scope="col" className="ru-credits__num">
                        Amount
                      </th>
                      <th scope="col" className="ru-credits__num">
                        Balance after
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.data.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td>
                          <When value={entry.createdAt} />
                        </td>
                        <td>
                          {entry.reason === 'summary' && entry.summaryPreview ? (
                            <Link to={`/history?summary=${entry.summaryId ?? ''}`}>
                              {describeEntry(entry)}
                            </Link>
                          ) : (
                            describeEntry(entry)
                          )}
                          {entry.note ? (
                            <span className="ru-credits__note">{entry.note}</span>
                          ) : null}
                        </td>
                        <td
                          className={
                            entry.amount > 0
                              ? 'ru-credits__num ru-credits__num--plus'
                              : 'ru-credits__num ru-credits__num--minus'
                          }
                        >
                          {formatAmount(entry.amount)}
                        </td>
                        <td className="ru-credits__num">{entry.balanceAfter}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                label="Credit history pages"
                page={page}
                totalPages={state.data.pagination.totalPages}
                onPageChange={(next) => setSearchParams({ page: String(next) })}
              />
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
