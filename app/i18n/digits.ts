/**
 * "1,234,567": a whole number with its thousands grouped, as en-PH and fil write it. Written by hand
 * rather than with `Intl.NumberFormat`: the first Intl number or date formatter a page makes costs
 * the browser 60-90 ms on this machine (several times that on a cheap phone), and a page's first
 * render should not pay it (decision 0196). Not whole, it is left to Intl.
 */
export function groupDigits(value: number): string {
  if (!Number.isInteger(value)) return new Intl.NumberFormat("en").format(value);
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
