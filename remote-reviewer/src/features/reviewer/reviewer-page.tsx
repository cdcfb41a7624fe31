import { AreaGuard } from 'common/components/area-guard';
import { rootReducer, useAppSelector } from 'common/store';
import { Badge } from 'common/ui/badge';
import { CheckCircleIcon, ClipboardCheckIcon, ClockIcon, XIcon } from 'common/ui/icons';
import { PageHeader } from 'common/ui/page-header';
import { StatCard } from 'common/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'common/ui/tabs';
import { ReviewListPanel } from './review-list-panel';
import { reviewerSlice, selectReviewer } from './reviewer-slice';
import { REVIEW_TABS, useReviewerView } from './reviewer-view';
import './reviewer-page.css';

// The reviewer state joins the shell's one store when this remote's page module loads.
rootReducer.inject(reviewerSlice);

function ReviewCenter() {
  const { overall, myReviews, lists } = useAppSelector(selectReviewer);
  const view = useReviewerView();
  const pendingCount = overall?.pending ?? lists.pending.pagination?.total;

  return (
    <section className="ui-page reviewer-page" aria-labelledby="reviewer-heading">
      <PageHeader
        id="reviewer-heading"
        title="Content Review Center"
        description="Approve, reject or send back summaries, and follow each one's review history."
      />
      <div className="ui-stat-grid">
        <StatCard label="Pending Reviews" icon={<ClockIcon />} value={overall?.pending} />
        <StatCard label="Approved" icon={<CheckCircleIcon />} value={overall?.approved} />
        <StatCard label="Rejected" icon={<XIcon />} value={overall?.rejected} />
        <StatCard label="My Reviews" icon={<ClipboardCheckIcon />} value={myReviews?.total} />
      </div>
      <Tabs
        value={view.tab}
        onValueChange={(next) => {
          const tab = REVIEW_TABS.find((candidate) => candidate === next);
          if (tab) view.setTab(tab);
        }}
        className="reviewer-page__tabs"
      >
        <TabsList aria-label="Summaries to review">
          <TabsTrigger value="pending">
            Pending Reviews
            {pendingCount !== undefined ? (
              <Badge variant={pendingCount > 0 ? 'warning' : 'secondary'}>{pendingCount}</Badge>
            ) : null}
          </TabsTrigger>
          <TabsTrigger value="all">All Summaries</TabsTrigger>
          <TabsTrigger value="mine">My Summaries</TabsTrigger>
        </TabsList>
        {REVIEW_TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            <ReviewListPanel tab={tab} />
          </TabsContent>
        ))}
      </Tabs>
    </section>
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
