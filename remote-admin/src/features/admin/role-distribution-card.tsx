import { ROLES, roleBadgeVariant, roleLabel } from 'common/roles';
import { Badge } from 'common/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from 'common/ui/card';
import type { AdminStatistics } from '../../lib/admin-api';

/** How many people hold each role, with its share of all users. */
export function RoleDistributionCard({ statistics }: { statistics: AdminStatistics | null }) {
  const total = statistics?.totalUsers ?? 0;
  return (
    <Card className="admin-roles">
      <CardHeader>
        <CardTitle as="h3">Role Distribution</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="admin-roles__list">
          {ROLES.map((role) => {
            const count = statistics?.roleDistribution[role] ?? 0;
            const share = total > 0 ? Math.round((count / total) * 100) : 0;
            return (
              <li key={role} className="admin-roles__item">
                <div className="admin-roles__row">
                  <Badge variant={roleBadgeVariant(role)}>{roleLabel(role)}</Badge>
                  <span>
                    {count} <span className="ui-muted">({share}%)</span>
                  </span>
                </div>
                <div className="admin-roles__bar" aria-hidden="true">
                  <span style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
