import type { ReactNode } from 'react';
import { AreaGuard } from 'common/components/area-guard';
import { StaffPage } from 'common/components/staff-page';
import { rootReducer, useAppSelector } from 'common/store';
import { Badge } from 'common/ui/badge';
import { CheckCircleIcon, ClipboardCheckIcon, ClockIcon, XIcon } from 'common/ui/icons';
import { StatCard } from 'common/ui/stat-card';
import { ReviewListPanel } from './review-list-panel';
import { reviewerSlice, selectReviewer } from './reviewer-slice';
import type { ReviewTab } from './reviewer-slice';
import { REVIEW_TABS, useReviewerView } from './reviewer-view';
import './reviewer-page.css';

// The reviewer state joins the shell's one store when this remote's page module loads.
rootReducer.inject(reviewerSlice);

function ReviewCenter() {
  const { overall, myReviews, lists } = useAppSelector(selectReviewer);
  const view = useReviewerView();
  const pendingCount = overall?.pending ?? lists.pending.pagination?.total;
  const tabLabels: Record<ReviewTab, ReactNode> = {
    pending: (
      <>
        Pending Reviews
        {pendingCount !== undefined ? (
          <Badge variant={pendingCount > 0 ? 'warning' : 'secondary'}>{pendingCount}</Badge>
        ) : null}
      </>
    ),
    all: 'All Summaries',
    mine: 'My Summaries',
  };

  return (
    <StaffPage
      id="reviewer-heading"
      title="Content Review Center"
      description="Approve, reject or send back summaries, and follow each one's review history."
      className="reviewer-page"
      stats={
        <>
          <StatCard label="Pending Reviews" icon={<ClockIcon />} value={overall?.pending} />
          <StatCard label="Approved" icon={<CheckCircleIcon />} value={overall?.approved} />
          <StatCard label="Rejected" icon={<XIcon />} value={overall?.rejected} />
          <StatCard label="My Reviews" icon={<ClipboardCheckIcon />} value={myReviews?.total} />
        </>
      }
      tabsLabel="Summaries to review"
      tab={view.tab}
      onTabChange={view.setTab}
      tabs={REVIEW_TABS.map((tab) => ({
        value: tab,
        label: tabLabels[tab],
        content: <ReviewListPanel tab={tab} />,
      }))}
    />
  );
}

/** /reviewer (SPEC.md §2): reviewers and admins; anyone else goes to /dashboard. */
export function ReviewerPage() {
  return (
    <AreaGuard area="reviewer">
      <ReviewCenter />
    </AreaGuard>
  );
}
