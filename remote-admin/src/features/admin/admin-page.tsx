import { AreaGuard } from 'common/components/area-guard';

export function AdminPage() {
  return (
    <AreaGuard area="admin">
      <section className="ui-page" aria-labelledby="admin-heading">
        <h1 id="admin-heading" className="ui-page-title">
          Admin Panel
        </h1>
      </section>
    </AreaGuard>
  );
}
