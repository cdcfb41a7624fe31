import { useEffect } from 'react';
import { AreaGuard } from 'common/components/area-guard';
import { rootReducer, useAppDispatch, useAppSelector } from 'common/store';
import { CoinsIcon, FileTextIcon, ShieldIcon, UsersIcon } from 'common/ui/icons';
import { PageHeader } from 'common/ui/page-header';
import { StatCard } from 'common/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'common/ui/tabs';
import { adminSlice, fetchAdminOverview, selectAdmin } from './admin-slice';
import { ADMIN_TABS, useAdminView } from './admin-view';
import type { AdminTab } from './admin-view';
import { AuditLogPanel } from './audit-log-panel';
import { CreditRequestsPanel, useCreditRequests } from './credit-requests-panel';
import { CreditRequestsTabLabel, creditRequestsTabName } from './credit-requests-tab-label';
import { AdminSummariesPanel } from './admin-summaries-panel';
import { UsersPanel } from './users-panel';
import './admin-page.css';

// The admin state joins the shell's one store when this remote's page module loads.
rootReducer.inject(adminSlice);

function AdminPanel() {
  const dispatch = useAppDispatch();
  const { statistics, summariesTotal } = useAppSelector(selectAdmin);
  const view = useAdminView();
  const creditRequests = useCreditRequests();
  const loadCreditRequests = creditRequests.load;

  // The stat cards count every user and summary, whatever page or search a tab shows.
  useEffect(() => {
    void dispatch(fetchAdminOverview());
    loadCreditRequests();
  }, [dispatch, loadCreditRequests]);

  return (
    <section className="ui-page admin-page" aria-labelledby="admin-heading">
      <PageHeader
        id="admin-heading"
        title="Admin Panel"
        description="Manage users, credits, roles and every summary."
      />
      <div className="ui-stat-grid">
        <StatCard label="Total Users" icon={<UsersIcon />} value={statistics?.totalUsers} />
        <StatCard label="Total Summaries" icon={<FileTextIcon />} value={summariesTotal} />
        <StatCard label="Total Credits" icon={<CoinsIcon />} value={statistics?.totalCredits} />
        <StatCard label="Admins" icon={<ShieldIcon />} value={statistics?.roleDistribution.admin} />
      </div>
      <Tabs
        value={view.tab}
        onValueChange={(next) => {
          const tab = ADMIN_TABS.find((candidate) => candidate === next);
          if (tab) view.setTab(tab satisfies AdminTab);
        }}
        className="admin-page__tabs"
      >
        <TabsList aria-label="Admin sections">
          <TabsTrigger value="users">Users Management</TabsTrigger>
          <TabsTrigger value="summaries">All Summaries</TabsTrigger>
          <TabsTrigger
            value="credit-requests"
            aria-label={creditRequestsTabName(creditRequests.open)}
          >
            <CreditRequestsTabLabel open={creditRequests.open} />
          </TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersPanel />
        </TabsContent>
        <TabsContent value="summaries">
          <AdminSummariesPanel />
        </TabsContent>
        <TabsContent value="credit-requests">
          <CreditRequestsPanel state={creditRequests} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogPanel />
        </TabsContent>
      </Tabs>
    </section>
  );
}

/** /admin (SPEC.md §2): admins only; anyone else goes to /dashboard. */
export function AdminPage() {
  return (
    <AreaGuard area="admin">
      <AdminPanel />
    </AreaGuard>
  );
}
