import { useEffect, useRef, useState } from 'react';
import { ListControls, SummarySearch } from 'common/components/list-controls';

import { PagedListPanel, summaryListPanelProps } from 'common/components/paged-list-panel';
import { usePagedListLoader } from 'common/list-params';
import { OutcomeDialog } from 'common/components/outcome-dialog';
import type { Outcome } from 'common/components/outcome-dialog';
import type { ListedSummary } from 'common/staff-summary';
import { useAppDispatch, useAppSelector } from 'common/store';
import { EmptyState, NoSummariesFound } from 'common/ui/empty-state';
import { CheckCircleIcon } from 'common/ui/icons';
import { REVIEW_LIST_LIMIT } from '../../lib/reviewer-api';
import { reviewStatusOf } from '../../lib/review-status';
import { ReviewCard } from './review-card';
import { ReviewDialog } from './review-dialog';
import type { ReviewTarget } from './review-dialog';
import { ReviewHistoryDialog } from './review-history-dialog';
import { fetchReviewList, fetchReviewStats, reviewSummary, selectReviewer } from './reviewer-slice';
import type { ReviewTab } from './reviewer-slice';
import { useReviewerView } from './reviewer-view';

const panels: Record<ReviewTab, { title: string; description: string }> = {
  pending: {
    title: 'Pending Reviews',
    description: `Summaries waiting for a decision, newest first, ${REVIEW_LIST_LIMIT} a page.`,
  },
  all: {
    title: 'All Summaries',
    description: `Every user's summaries, whatever their status, ${REVIEW_LIST_LIMIT} a page.`,
  },
  mine: { title: 'My Summaries', description: 'The summaries you wrote yourself.' },
};

/** SPEC.md §4: review actions on pending items; on the All tab only when pending. */
function isReviewable(tab: ReviewTab, summary: ListedSummary): boolean {
  return tab !== 'mine' && reviewStatusOf(summary.reviewStatus) === 'pending';
}

/** The one dialog of a tab (SPEC.md §4: one modal at a time). */
type ReviewerDialog =
  { kind: 'review'; target: ReviewTarget } | { kind: 'history'; summary: ListedSummary } | Outcome;

/** One tab of /reviewer: its list, the review dialog and the history overlay. */
export function ReviewListPanel({ tab }: { tab: ReviewTab }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectReviewer).lists[tab];
  const { summaries, pagination, status } = list;
  const [dialog, setDialog] = useState<ReviewerDialog | null>(null);
  const { title, description } = panels[tab];
  const view = useReviewerView();
  const reload = usePagedListLoader({
    view,
    query: view.query(REVIEW_LIST_LIMIT),
    load: (query) => dispatch(fetchReviewList({ tab, query })),
    totalPages: pagination?.totalPages,
    loaded: status === 'succeeded',
  });
  // The stat cards load with the first tab shown, and again with any tab's Refresh.
  useEffect(() => {
    void dispatch(fetchReviewStats());
  }, [dispatch]);

  /** Marks the panel's place: the list and its heading are looked up around it. */
  const panelMarker = useRef<HTMLSpanElement>(null);
  /** The summary just reviewed and its place: focus goes to the item after it (issue 26). */
  const reviewed = useRef<{ id: string; index: number } | null>(null);

  const submit = async (target: ReviewTarget, comments: string) => {
    const index = summaries.findIndex(({ id }) => id === target.summary.id);
    await dispatch(
      reviewSummary({ id: target.summary.id, action: target.action, comments }),
    ).unwrap();
    reviewed.current = { id: target.summary.id, index };
    setDialog({
      kind: 'success',
      title: 'Review Submitted!',
      description: 'The author can now see your decision.',
    });
    void dispatch(fetchReviewStats());
  };

  const close = () => setDialog(null);

  // The reviewed card leaves the Pending list (or loses its actions elsewhere), taking the
  // focus the dialog would give back: it goes to the next card, or to the list's heading when
  // none is left, rather than to the page's body.
  const closeOutcome = () => {
    setDialog(null);
    const done = reviewed.current;
    reviewed.current = null;
    if (!done) return;
    window.requestAnimationFrame(() => {
      const root = panelMarker.current?.closest('section');
      if (!root) return;
      const items = Array.from(root.querySelectorAll<HTMLElement>('.ui-summary-list > li'));
      const stillListed = items.findIndex((item) => item.dataset.summaryId === done.id);
      const next = stillListed >= 0 ? stillListed + 1 : done.index;
      const target = items[Math.min(next, items.length - 1)];
      if (target) {
        target.focus();
        return;
      }
      const heading = root.querySelector<HTMLElement>('h2');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    });
  };

  return (
    <>
      <PagedListPanel
        {...summaryListPanelProps(title, list, view)}
        description={description}
        empty={
          view.q ? (
            <NoSummariesFound description={`No summary matches “${view.q}”.`} />
          ) : tab === 'pending' ? (
            <EmptyState
              icon={<CheckCircleIcon size={22} />}
              title="All Caught Up!"
              description="No summaries are waiting for review."
            />
          ) : (
            <NoSummariesFound />
          )
        }
        onLoad={() => {
          reload();
          void dispatch(fetchReviewStats());
        }}
        controls={
          <ListControls>
            <SummarySearch
              label={tab === 'mine' ? 'Search my summaries' : `Search ${title.toLowerCase()}`}
              value={view.q}
              onSearch={view.setQuery}
            />
          </ListControls>
        }
      >
        <span ref={panelMarker} hidden />
        {summaries.length > 0 ? (
          <ul aria-label={title} className="ui-summary-list">
            {summaries.map((summary) => (
              <li key={summary.id} data-summary-id={summary.id} tabIndex={-1}>
                <ReviewCard
                  summary={summary}
                  reviewable={isReviewable(tab, summary)}
                  onReview={(target, action) =>
                    setDialog({ kind: 'review', target: { summary: target, action } })
                  }
                  onShowHistory={(target) => setDialog({ kind: 'history', summary: target })}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </PagedListPanel>
      <ReviewDialog
        // A fresh form for each review: no comments carried over.
        key={dialog?.kind === 'review' ? `${dialog.target.summary.id}-${dialog.target.action}` : ''}
        target={dialog?.kind === 'review' ? dialog.target : null}
        onClose={close}
        onSubmit={submit}
      />
      <ReviewHistoryDialog
        summary={dialog?.kind === 'history' ? dialog.summary : null}
        onClose={close}
      />
      <OutcomeDialog
        outcome={dialog?.kind === 'success' || dialog?.kind === 'error' ? dialog : null}
        onClose={closeOutcome}
      />
    </>
  );
}
