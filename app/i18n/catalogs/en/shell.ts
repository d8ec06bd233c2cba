/** Every page's frame, public or signed in: the toasts' viewport, the loading spinner, the 404 card. */
export const shell = {
  "toast.region": "Notifications ({hotkey})",
  "toast.close": "Close",
  "spinner.loading": "Loading",
  "notFound.title": "Page not found · Hatid",
  "notFound.heading": "404 Page Not Found",
  "notFound.body": "Did you forget to add the page to the router?",
  "notFound.home": "Go Home",
  "notFound.back": "Go Back",
};
