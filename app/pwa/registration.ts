/**
 * Registers the service worker (public/sw.js) once the page has loaded. Inline in the document
 * (with the CSP nonce) rather than a module, so it adds no JavaScript file to any page's budget.
 */
export const SERVICE_WORKER_REGISTRATION =
  "if('serviceWorker'in navigator)addEventListener('load',function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})";
