import { formatPesoAmount, formatPesos, type Centavos, type Pesos } from "~/money/money";

/**
 * An amount as every page shows it ("₱12,472.00"), in a `.money` span that never splits across
 * lines (site.css): pass centavos, or pesos from an API or view shape.
 */
export function Money(props: { centavos: Centavos; className?: string } | { pesos: Pesos; className?: string }) {
  const text = "centavos" in props ? formatPesos(props.centavos) : formatPesoAmount(props.pesos);
  return <span className={props.className ? `money ${props.className}` : "money"}>{text}</span>;
}
