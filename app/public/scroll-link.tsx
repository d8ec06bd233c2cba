import type { AnchorHTMLAttributes } from "react";

/**
 * A link to a section of a public page: a plain fragment link (the public pages carry no React in
 * the browser, decision 0188). The stylesheet makes the scroll smooth unless the reader prefers
 * reduced motion; from another page (`/#register`) it navigates there.
 */
export function ScrollLink({
  targetId,
  href = `#${targetId}`,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { targetId: string }) {
  return <a href={href} {...props} />;
}
