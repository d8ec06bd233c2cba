/**
 * Money is integer centavos everywhere inside Hatid; pesos appear only at the edges (API, display).
 * The two units are different types the compiler keeps apart: a `Pesos` value is never accepted
 * where `Centavos` are expected, nor a `Centavos` value where pesos are, so an amount cannot be
 * shown 100 times too large or too small. Cross only through the converters below.
 *
 * `Pesos` is branded: a value is pesos only once `centavosToPesos()` or `asPesos()` made it so.
 * `Centavos` is the house unit, so it is "flavoured": a plain number (a D1 column, a literal)
 * counts as centavos, but a `Pesos` value does not.
 */
import { groupDigits } from "~/i18n/digits";

declare const unit: unique symbol;
export type Centavos = number & { readonly [unit]?: "centavos" };
export type Pesos = number & { readonly [unit]: "pesos" };
/** What `pesosToCentavos()` takes: pesos, or a plain number read as pesos (a request body's amount); never `Centavos`. */
type PesosIn = number & { readonly [unit]?: "pesos" };

/** A number known to be pesos (an API body's or a view's peso amount), as `Pesos`. */
export const asPesos = (amount: number): Pesos => amount as Pesos;

export const centavosToPesos = (centavos: Centavos): Pesos => (Math.round(centavos) / 100) as Pesos;

/** Pesos from a client (at most 2 decimals) to centavos, without floating-point drift. */
export const pesosToCentavos = (pesos: PesosIn): Centavos => Math.round(pesos * 100);

/** `₱1,234.50`: how every page, message and notification shows an amount (en-PH's currency format, written without Intl: decision 0196). */
export function formatPesos(centavos: Centavos): string {
  const whole = Math.round(Math.abs(centavos));
  const text = `₱${groupDigits(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, "0")}`;
  return centavos < 0 && whole > 0 ? `-${text}` : text;
}

/** `₱1,234.50` from an amount already in pesos (API and view shapes). */
export const formatPesoAmount = (pesos: Pesos): string => formatPesos(pesosToCentavos(pesos));

/** `1234.50`: a CSV's amount in pesos, without the sign or separators. */
export const formatPesoDecimal = (centavos: Centavos): string => (centavos / 100).toFixed(2);

/** `₱50` for whole pesos (as people write prices: banners, help answers, rules), `₱49.50` otherwise. */
export const formatPesosShort = (centavos: Centavos): string =>
  centavos % 100 === 0 ? `₱${groupDigits(centavos / 100)}` : formatPesos(centavos);
