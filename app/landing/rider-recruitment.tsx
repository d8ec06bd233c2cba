import { Link } from "@remix-run/react";

const POINTS = [
  "Keep 85% of every delivery fee",
  "Earn up to ₱2,500 a day, on your own hours",
  "Accident, medical and life insurance",
  "A vote in how the cooperative is run",
];

/** The rider recruitment block of the landing page, leading to /become-rider. */
export function RiderRecruitment() {
  return (
    <section className="landing-section recruit" aria-labelledby="recruit-heading">
      <div className="recruit-inner">
        <div>
          <h2 id="recruit-heading" className="section-heading">
            Ride with us, own the cooperative
          </h2>
          <p>
            Hatid riders are not gig workers: they are member-owners. Join a cooperative that shares its income and
            protects its riders.
          </p>
          <ul className="check-list">
            {POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <div className="recruit-actions">
          <Link to="/become-rider" className="button button-large">
            Learn About Riding
          </Link>
          <Link to="/become-rider#application-form" className="button button-large button-light">
            Apply Now
          </Link>
        </div>
      </div>
    </section>
  );
}
