/** The signed-out landing page. */
export const landing = {
  "meta.description": "Book package and food deliveries across the Philippines with riders who own the cooperative.",
  "hero.title": "Deliveries by riders who own the company",
  "hero.lead":
    "Book package and food deliveries across the Philippines and follow them live on the map. Every rider keeps {riderShare}% of every fee and can become a member-owner of the cooperative.",
  "hero.book": "Book a Delivery",
  "hero.ride": "Become a Rider",
  "services.heading": "Our Services",
  "services.fast.title": "Fast, Fair Deliveries",
  "services.fast.text":
    "Documents, food, parcels, groceries and electronics, picked up and dropped off by a nearby rider. Track your package live from pickup to doorstep.",
  "services.ownership.title": "Rider Ownership",
  "services.ownership.text":
    "{riderShare}% of every delivery fee goes straight to the rider who delivers it. After {memberDeliveries} deliveries with a rating of {memberRating} or more, a rider can become a member-owner who votes on the cooperative's decisions.",
  "services.community.title": "Community Services",
  "services.community.text":
    "The cooperative's share funds health insurance, emergency aid, training and equipment for riders and their families.",
  "stats.heading": "At a glance",
  "stats.safety": "Safety record",
  "stats.availability": "Availability",
  "stats.coverage": "Coverage",
  "stats.nationwide": "Nationwide",
  "stats.riderShare": "Of every fee goes to the rider",
  "recruit.heading": "Ride with us, own the cooperative",
  "recruit.lead":
    "Hatid riders are not gig workers: the cooperative is theirs to own. Keep {riderShare}% of every fee from your first delivery, and become a member-owner after {memberDeliveries} deliveries with a rating of {memberRating} or more.",
  "recruit.point.share": "Keep {riderShare}% of every delivery fee",
  "recruit.point.earn": "Earn up to ₱2,500 a day, on your own hours",
  "recruit.point.insurance": "Accident, medical and life insurance",
  "recruit.point.vote": "A vote in how the cooperative is run, as a member-owner",
  "recruit.learn": "Learn About Riding",
  "recruit.apply": "Apply Now",
  "testimonials.heading": "What People Say",
  "testimonials.label": "Testimonials",
  "testimonials.trackLabel": "Testimonials (use the arrow keys to move)",
  "testimonials.slide": "{index} of {count}",
  "testimonials.show": "Show testimonial {index} of {count}",
  "testimonial.maricel.quote":
    "I send documents to our Makati office every day. The rider is always on time, and I can watch the package on the map until it arrives.",
  "testimonial.maricel.role": "Small business owner, Quezon City",
  "testimonial.jomar.quote":
    "For the first time I own part of the company I ride for. I keep {riderShare}% of each fee and I have insurance for my family.",
  "testimonial.jomar.role": "Rider and cooperative member, Pasig",
  "testimonial.andrea.quote":
    "My lola's medicine reached her in Mandaluyong in under an hour. Fair price, friendly rider, and I knew exactly where he was.",
  "testimonial.andrea.role": "Customer, Manila",
  "getStarted.heading": "Get Started",
  "getStarted.lead":
    "Sign in or create your account with your Philippine mobile number. New here? We'll ask for your name after the code.",
};
