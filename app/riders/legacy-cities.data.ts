/**
 * The eight city options the form once offered, as an older client (and applications stored before)
 * name them, and the place each is. The form now takes any city or municipality of the data, as
 * the booking page does, stored as "{city}, {province}".
 */
export const LEGACY_APPLICATION_CITIES: Readonly<Record<string, string>> = {
  manila: "Manila, Metro Manila",
  "quezon-city": "Quezon City, Metro Manila",
  makati: "Makati, Metro Manila",
  taguig: "Taguig, Metro Manila",
  pasig: "Pasig, Metro Manila",
  mandaluyong: "Mandaluyong, Metro Manila",
  cebu: "Cebu City, Cebu",
  davao: "Davao City, Davao del Sur",
};
