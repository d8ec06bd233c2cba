export function NotFoundCard() {
  return (
    <main className="centered-page">
      <section className="card not-found-card" aria-labelledby="not-found-heading">
        <h1 id="not-found-heading" className="not-found-heading">
          <span className="not-found-icon" aria-hidden="true">!</span>
          404 Page Not Found
        </h1>
        <p className="muted">Did you forget to add the page to the router?</p>
      </section>
    </main>
  );
}
