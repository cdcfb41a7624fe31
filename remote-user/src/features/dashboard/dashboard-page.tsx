// First, so every page orders the summary's shared styles before its components' own.
import '../../components/summary.css';
import type { ComponentType } from 'react';
import { Link } from 'common/router';
import { roleBadgeVariant, roleLabel } from 'common/roles';
import { selectUser } from 'common/session';
import { useAppSelector } from 'common/store';
import { Badge } from 'common/ui/badge';
import { Button } from 'common/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from 'common/ui/card';
import {
  ArrowRightIcon,
  ChartIcon,
  CheckCircleIcon,
  CoinsIcon,
  FileTextIcon,
  HistoryIcon,
  RefreshIcon,
  SparklesIcon,
  UserIcon,
} from 'common/ui/icons';
import type { IconProps } from 'common/ui/icons';
import { Skeleton } from 'common/ui/skeleton';
import { formatCount } from '../../lib/summaries/summary';
import { UsageChart } from './usage-chart';
import { useUserAnalytics } from './use-user-analytics';
import type { AnalyticsState } from './use-user-analytics';
import { InfoCard } from '../../components/info-card';
import { usePortalConfig } from '../../lib/config/use-portal-config';
import { describeFileTypes } from 'common/file-types';
import type { PortalConfig } from 'common/portal-config';
import './dashboard-page.css';

/** What Create Summary offers: the sources the server reads (GET /api/config). */
export function createSummaryDescription(
  config: Pick<PortalConfig, 'fileTypes' | 'urlSources'>,
): string {
  const page = config.urlSources ? ', summarize a web page' : '';
  return `Paste text${page} or upload a ${describeFileTypes(config.fileTypes)} file`;
}

interface Feature {
  icon: ComponentType<IconProps>;
  title: string;
  description: string;
}

/** SPEC.md /dashboard "Platform Features". */
const platformFeatures: readonly Feature[] = [
  {
    icon: SparklesIcon,
    title: 'AI summarization',
    description: 'Long articles, reports and notes condensed into clear, readable summaries.',
  },
  {
    icon: CoinsIcon,
    title: 'Credit system',
    description: '1 credit per summary. Regenerating a summary with new instructions is free.',
  },
  {
    icon: HistoryIcon,
    title: 'Summary history',
    description: 'Every summary is kept, ready to read again, copy or download.',
  },
  {
    icon: ChartIcon,
    title: 'Analytics',
    description: 'Compression rates, word counts and your usage over time.',
  },
];

function credits(count: number): string {
  return `${count} ${count === 1 ? 'credit' : 'credits'}`;
}

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="ru-stat">
      <dt className="ru-stat__label">{label}</dt>
      <dd className="ru-stat__value">{value}</dd>
      <dd className="ru-stat__hint">{hint}</dd>
    </div>
  );
}

function Analytics({ state, onRetry }: { state: AnalyticsState; onRetry: () => void }) {
  if (state.status === 'loading') {
    return (
      // Each state keys its own root, so React builds new nodes instead of moving the skeleton's
      // into place, which the browser would count as a layout shift.
      <div key="loading" className="ru-analytics" aria-busy="true">
        <span role="status" className="ui-sr-only">
          Loading your analytics
        </span>
        <div className="ru-stats" aria-hidden="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="ru-stat ru-stat--skeleton" />
          ))}
        </div>
        <Skeleton className="ru-usage--skeleton" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div key="failed" className="ru-analytics ru-analytics--unavailable">
        <p className="ui-muted">Your analytics are not available right now.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshIcon />
          Try again
        </Button>
      </div>
    );
  }
  const { statistics, usage } = state.analytics;
  return (
    <div key="ready" className="ru-analytics">
      <dl className="ru-stats">
        <Stat
          label="Summaries made"
          value={formatCount(statistics.totalSummaries)}
          hint="All time"
        />
        <Stat
          label="Words read"
          value={formatCount(statistics.totalOriginalWords)}
          hint="In your original texts"
        />
        <Stat
          label="Words saved"
          value={formatCount(statistics.wordsReduced)}
          hint={`${formatCount(statistics.totalSummaryWords)} words left to read`}
        />
        <Stat
          label="Average compression"
          value={`${Math.round(statistics.averageCompressionRatio)}%`}
          hint="Shorter than the original"
        />
      </dl>
      <div className="ru-usage-wrap">
        <h3 className="ru-usage__title">Usage, last 14 days</h3>
        <UsageChart usage={usage} />
      </div>
    </div>
  );
}

/** A quick action: a link card with its icon, title, one line and an arrow. */
function ActionCard({
  to,
  icon: Icon,
  title,
  description,
}: {
  to: string;
  icon: ComponentType<IconProps>;
  title: string;
  description: string;
}) {
  return (
    <Link to={to} className="ru-action-card">
      <span className="ru-action-card__icon">
        <Icon size={22} />
      </span>
      <span className="ru-action-card__text">
        <span className="ru-action-card__title">{title}</span>
        <span className="ru-action-card__description">{description}</span>
      </span>
      <ArrowRightIcon className="ru-action-card__arrow" />
    </Link>
  );
}

/** /dashboard: greeting, account cards, actions, the person's analytics and the platform's features. */
export function DashboardPage() {
  const user = useAppSelector(selectUser);
  const { state: analytics, retry } = useUserAnalytics();
  const config = usePortalConfig();
  if (!user) return null;
  const role = user.role;

  return (
    <section className="ui-page ru-dashboard" aria-labelledby="dashboard-heading">
      <header className="ru-dashboard__greeting">
        <div>
          <h1 id="dashboard-heading" className="ui-page-title">
            Welcome back, {user.name}!
          </h1>
          <p className="ui-page-description">
            You have <strong>{credits(user.credits)}</strong> available.
          </p>
        </div>
        <Badge variant={roleBadgeVariant(role)} className="ru-dashboard__role">
          {roleLabel(role)}
        </Badge>
      </header>

      <div className="ru-dashboard__cards">
        <InfoCard icon={<CoinsIcon />} label="Available credits">
          <p className="ru-info-card__value">{user.credits}</p>
          <p className="ru-info-card__hint">1 credit per summary</p>
          {user.credits === 1 ? (
            <p className="ru-info-card__warning">Running low: 1 credit left.</p>
          ) : user.credits === 0 ? (
            <p className="ru-info-card__warning">No credits left.</p>
          ) : null}
          <Link to="/credits" className="ru-info-card__link">
            Credit history
            <ArrowRightIcon />
          </Link>
        </InfoCard>
        <InfoCard icon={<UserIcon />} label="Account">
          <p className="ru-info-card__name">{user.name}</p>
          <p className="ru-info-card__email">{user.email}</p>
          <p className="ru-info-card__hint">
            Role: <Badge variant={roleBadgeVariant(role)}>{roleLabel(role)}</Badge>
          </p>
        </InfoCard>
        <InfoCard icon={<CheckCircleIcon />} label="Account Status">
          <p className="ru-info-card__value ru-info-card__value--status">Active</p>
          <p className="ru-info-card__hint">Your account is in good standing</p>
        </InfoCard>
      </div>

      <nav className="ru-dashboard__actions" aria-label="Quick actions">
        <ActionCard
          to="/summarize"
          icon={FileTextIcon}
          title="Create Summary"
          description={createSummaryDescription(config)}
        />
        <ActionCard
          to="/history"
          icon={HistoryIcon}
          title="View History"
          description="Read, copy and manage your past summaries"
        />
      </nav>

      <Card className="ru-dashboard__section">
        <CardHeader>
          <CardTitle as="h2">Your analytics</CardTitle>
          <CardDescription>How much reading your summaries have saved you.</CardDescription>
        </CardHeader>
        <CardContent>
          <Analytics state={analytics} onRetry={retry} />
        </CardContent>
      </Card>

      <Card className="ru-dashboard__section">
        <CardHeader>
          <CardTitle as="h2">Platform Features</CardTitle>
          <CardDescription>What Brevity does for you.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="ru-features">
            {platformFeatures.map(({ icon: Icon, title, description }) => (
              <li key={title} className="ru-feature">
                <span className="ru-feature__icon ui-icon-tile">
                  <Icon size={20} />
                </span>
                <div>
                  <h3 className="ru-feature__title">{title}</h3>
                  <p className="ru-feature__description">{description}</p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
