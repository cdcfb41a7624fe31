import { AreaGuard } from 'common/components/area-guard';

export function ReviewerPage() {
  return (
    <AreaGuard area="reviewer">
      <section className="ui-page" aria-labelledby="reviewer-heading">
        <h1 id="reviewer-heading" className="ui-page-title">
          Content Review Center
        </h1>
      </section>
    </AreaGuard>
  );
}
