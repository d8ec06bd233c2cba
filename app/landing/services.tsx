const SERVICES = [
  {
    icon: "📦",
    title: "Fast, Fair Deliveries",
    text: "Documents, food, parcels, groceries and electronics, picked up and dropped off by a nearby rider. Track your package live from pickup to doorstep.",
  },
  {
    icon: "🤝",
    title: "Rider Ownership",
    text: "Riders are member-owners who vote on the cooperative's decisions. 85% of every delivery fee goes straight to the rider who delivers it.",
  },
  {
    icon: "🏘️",
    title: "Community Services",
    text: "The cooperative's share funds health insurance, emergency aid, training and equipment for riders and their families.",
  },
];

/** Our Services: three cards (spec section 2). */
export function Services() {
  return (
    <section className="landing-section" aria-labelledby="services-heading">
      <h2 id="services-heading" className="section-heading">
        Our Services
      </h2>
      <ul className="grid grid-3 plain-list">
        {SERVICES.map((service) => (
          <li key={service.title} className="card feature-card">
            <span className="feature-icon" aria-hidden="true">
              {service.icon}
            </span>
            <h3>{service.title}</h3>
            <p className="muted">{service.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
