import type { AnchorHTMLAttributes, MouseEvent } from "react";

/**
 * A link to a section of the current page. Without JavaScript it is a plain fragment link; with
 * JavaScript it scrolls smoothly (unless the user prefers reduced motion) and moves focus to the
 * section, without a history entry the router would react to. If the section is not on this page
 * (e.g. `/#register` from another page), it navigates normally.
 */
export function ScrollLink({
  targetId,
  href = `#${targetId}`,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { targetId: string }) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    scrollToSection(target);
  }
  return <a href={href} onClick={handleClick} {...props} />;
}

export function scrollToSection(target: HTMLElement) {
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
