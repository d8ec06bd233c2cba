/** The role pages' own notice for a signed-in user of the wrong role (spec section 2). */
export function AccessDenied({ message }: { message: string }) {
  return (
    <main className="page">
      <div className="card access-denied" role="alert">
        <p>{message}</p>
      </div>
    </main>
  );
}
