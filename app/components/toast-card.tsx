import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useT } from "~/i18n/i18n";
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastItem } from "./toast-store";

/** Movement under which a finger's press and release on a toast is a tap, not a swipe. */
const TAP_SLOP_PX = 10;

/**
 * One toast: its timer, swipe to dismiss, pause while a mouse is over it or it holds the focus,
 * action and close controls. On a touch screen a tap leaves no pointer to leave the toast (the
 * browser keeps "hovering" where the finger was), so only a mouse pauses it, and a tap on it
 * dismisses it: it never stays over the buttons it fell on (decision 0208).
 */
export default function ToastCard({ toast }: { toast: ToastItem }) {
  const t = useT();
  const [paused, setPaused] = useState(false);
  const [offsetX, setOffsetX] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const duration = toast.duration ?? TOAST_DURATION_MS;

  useEffect(() => {
    if (!toast.open || paused || duration === Infinity) return;
    const timer = setTimeout(() => dismissToast(toast.id), duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.open, paused, duration]);

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    if ((event.target as HTMLElement).closest("button")) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    if (swipeStart.current === null) return;
    setOffsetX(Math.max(0, event.clientX - swipeStart.current));
  }
  function onPointerEnd(event: PointerEvent<HTMLLIElement>) {
    if (swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    const tapped = event.type === "pointerup" && event.pointerType !== "mouse" && Math.abs(moved) < TAP_SLOP_PX;
    if (moved > TOAST_SWIPE_THRESHOLD_PX || tapped) dismissToast(toast.id);
    else setOffsetX(0);
  }
  const pauseForMouse = (pause: boolean) => (event: PointerEvent<HTMLLIElement>) => {
    if (event.pointerType === "mouse") setPaused(pause);
  };

  const destructive = toast.variant === "destructive";
  return (
    <li
      className={`toast ${destructive ? "toast-destructive" : ""}`}
      data-state={toast.open ? "open" : "closed"}
      data-swiping={offsetX > 0 ? "true" : undefined}
      style={offsetX > 0 ? { transform: `translateX(${offsetX}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onPointerEnter={pauseForMouse(true)}
      onPointerLeave={pauseForMouse(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* The live role sits inside the list item: a list item itself may not be a status or an alert. */}
      <div
        className="toast-body"
        role={destructive ? "alert" : "status"}
        aria-live={destructive ? "assertive" : "polite"}
        aria-atomic="true"
      >
        <div className="toast-text">
          {toast.title ? <div className="toast-title">{toast.title}</div> : null}
          {toast.description ? <div className="toast-description">{toast.description}</div> : null}
        </div>
        {toast.action ? (
          <button
            type="button"
            className="toast-action"
            aria-label={toast.action.altText}
            onClick={() => {
              toast.action?.onClick();
              dismissToast(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
        <button
          type="button"
          className="toast-close"
          aria-label={t("shell.toast.close")}
          onClick={() => dismissToast(toast.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}
