import { Link } from "@remix-run/react";

/** /tracking without a delivery id (spec section 2). */
export default function TrackingWithoutId() {
  return (
    <main className="page">
      <div className="card stack" role="alert">
        <p>Invalid delivery tracking link</p>
        <Link to="/" className="button">
          Go Home
        </Link>
      </div>
    </main>
  );
}
