import { useEffect } from 'react';
import { AreaGuard } from 'common/components/area-guard';
import { StaffPage } from 'common/components/staff-page';
import { rootReducer, useAppDispatch, useAppSelector } from 'common/store';
import { CoinsIcon, FileTextIcon, ShieldIcon, UsersIcon } from 'common/ui/icons';
import { StatCard } from 'common/ui/stat-card';
import { adminSlice, fetchAdminOverview, selectAdmin } from './admin-slice';
import { useAdminView } from './admin-view';
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
    <StaffPage
      id="admin-heading"
      title="Admin Panel"
      description="Manage users, credits, roles and every summary."
      className="admin-page"
      stats={
        <>
          <StatCard label="Total Users" icon={<UsersIcon />} value={statistics?.totalUsers} />
          <StatCard label="Total Summaries" icon={<FileTextIcon />} value={summariesTotal} />
          <StatCard label="Total Credits" icon={<CoinsIcon />} value={statistics?.totalCredits} />
          <StatCard
            label="Admins"
            icon={<ShieldIcon />}
            value={statistics?.roleDistribution.admin}
          />
        </>
      }
      tabsLabel="Admin sections"
      tab={view.tab}
      onTabChange={view.setTab}
      tabs={[
        { value: 'users', label: 'Users Management', content: <UsersPanel /> },
        { value: 'summaries', label: 'All Summaries', content: <AdminSummariesPanel /> },
        {
          value: 'credit-requests',
          label: <CreditRequestsTabLabel open={creditRequests.open} />,
          name: creditRequestsTabName(creditRequests.open),
          content: <CreditRequestsPanel state={creditRequests} />,
        },
        { value: 'audit', label: 'Audit log', content: <AuditLogPanel /> },
      ]}
    />
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
