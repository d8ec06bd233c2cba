/** A page's refusal to a signed-in user (the wrong role, a session that expired; spec section 2), shown by the signed-in area's ErrorBoundary. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <main className="page">
      <div className="card access-denied" role="alert">
        <p>{message}</p>
      </div>
    </main>
  );
}
