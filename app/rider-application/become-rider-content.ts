/** The content of /become-rider (spec section 2, Rider recruitment page; figures of section 9). */

export const RIDER_TESTIMONIALS = [
  {
    quote:
      "I used to give away a third of every fare to an app. Now I keep 85%, and at the end of the year the cooperative shares its surplus with us members.",
    name: "Ricardo \"Rico\" M.",
    role: "Rider since 2023, Quezon City",
  },
  {
    quote:
      "When I had an accident last year, the insurance covered my hospital bills and the emergency fund helped my family while I recovered.",
    name: "Rosalinda \"Rosa\" T.",
    role: "Rider and board member, Cebu City",
  },
] as const;

export const RIDER_BENEFITS = [
  { icon: "💰", title: "Earn up to ₱2,500 a day", text: "Most full-time riders earn ₱1,500-2,500 a day, plus a ₱50-100 bonus per delivery at peak hours." },
  { icon: "📈", title: "Keep 85% of every fee", text: "The rider gets 85% of each delivery fee. The other 15% runs the cooperative and funds member benefits." },
  { icon: "🛡️", title: "Insurance coverage", text: "₱200,000 accident and medical, ₱500,000 death and ₱150,000 burial benefit, for only ₱1 per delivery." },
  { icon: "🗳️", title: "Own and vote", text: "Become a member-owner after 100 deliveries with a 4.5+ rating (one-time ₱500 fee) and vote on the cooperative's decisions." },
  { icon: "🎯", title: "Daily and weekly incentives", text: "₱100 for 15+ deliveries a day, ₱200 for 20+, and ₱500 to ₱2,000 more in weekly incentives." },
  { icon: "⏱️", title: "Flexible hours, fast cash-out", text: "Ride when you want. Cash out to GCash instantly and for free, to your bank, or at our office." },
] as const;

export const RIDER_REQUIREMENTS = [
  {
    title: "Motorcycle",
    items: [
      "Registration documents (OR/CR) with an original registration year of 2019 or later",
      "A notarized authorization or deed of sale if the motorcycle is not registered in your name",
    ],
  },
  {
    title: "Driver's License",
    items: ["A valid driver's license with restriction code 1 or A", "A professional license is preferred"],
  },
  {
    title: "Clearance and ID",
    items: ["An NBI, barangay or police clearance", "A valid government-issued ID"],
  },
] as const;

export const RIDER_REMINDERS = [
  "Applicants aged 51 to 65 need a 'fit to drive' medical certificate.",
  "No motorcycle? Ask about our motorcycle rental programme.",
  "Please follow the dress code when you come for registration.",
  "The rider app needs an Android phone with Android 10 or later.",
] as const;

export const APPLICATION_STEPS = [
  { title: "Sign up", text: "Fill in the application form below and wait for our SMS." },
  { title: "Training and skills test", text: "Join the free safety training and take the riding skills test." },
  { title: "Motor inspection", text: "Bring your motorcycle and documents for a quick inspection." },
  { title: "Get your rider kit", text: "Receive your rider kit and start delivering." },
] as const;
