import { useEffect, type RefObject } from "react";

/**
 * With JavaScript: when the action answers (`answer` is a new object), brings the answer's element
 * into view, clear of the top bar, and moves focus to it, so a screen reader reads it where it
 * is. (The form's action names the element's anchor too, which lands the page there without
 * JavaScript, and with it through the router's scroll restoration.) Nothing happens while the
 * page is as it was loaded.
 */
export function useAnswerInView(ref: RefObject<HTMLElement>, answer: unknown) {
  useEffect(() => {
    const element = ref.current;
    if (!answer || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) element.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps
}
