/** One figure at a glance on a dashboard (admin, rider, earnings): its label, its value and, if any, a note under it. */
export function StatCard({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId?: string;
}) {
  return (
    <div className="card stat-card" data-testid={testId}>
      <p className="stat-card-label">{label}</p>
      <p className="stat-card-value">{value}</p>
      {note ? <p className="stat-card-note muted">{note}</p> : null}
    </div>
  );
}
