export function HistoryPage() {
  return (
    <section className="ui-page" aria-labelledby="history-heading">
      <h1 id="history-heading" className="ui-page-title">
        Your Summaries
      </h1>
    </section>
  );
}
