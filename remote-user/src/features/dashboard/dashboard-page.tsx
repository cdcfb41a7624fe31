export function DashboardPage() {
  return (
    <section className="ui-page" aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading" className="ui-page-title">
        Dashboard
      </h1>
    </section>
  );
}
