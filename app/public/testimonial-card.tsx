/** A quote with its author, as the landing carousel and the rider page show them. */
export function TestimonialCard({ quote, name, role }: { quote: string; name: string; role: string }) {
  return (
    <figure className="card testimonial">
      <blockquote>
        <p>“{quote}”</p>
      </blockquote>
      <figcaption>
        <strong>{name}</strong>
        <span className="muted">{role}</span>
      </figcaption>
    </figure>
  );
}
