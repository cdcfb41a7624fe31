export function SummarizePage() {
  return (
    <section className="ui-page" aria-labelledby="summarize-heading">
      <h1 id="summarize-heading" className="ui-page-title">
        Create Summary
      </h1>
    </section>
  );
}
