import type { ReactNode } from "react";

/** A card with a heading over a list of items, or a line saying there are none (the admin's money queues). */
export function ListCard<Item>({
  titleId,
  heading,
  empty,
  items,
  testId,
  listClassName = "stack",
  children,
}: {
  titleId: string;
  heading: string;
  empty: string;
  items: readonly Item[];
  testId: string;
  listClassName?: string;
  /** One item's `<li>`, with its key. */
  children: (item: Item) => ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{heading}</h2>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className={listClassName} data-testid={testId}>
          {items.map(children)}
        </ul>
      )}
    </section>
  );
}
