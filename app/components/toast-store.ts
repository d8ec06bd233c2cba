/**
 * The toast queue: default and destructive variants, a title, a
 * description, an optional action and a close control; at most one toast on screen; 5000 ms
 * each unless told otherwise. A plain store (no React) so any module can raise a toast.
 */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = "F8";
/** How long a dismissed toast stays mounted for its exit animation. */
const EXIT_ANIMATION_MS = 200;

type ToastVariant = "default" | "destructive";

interface ToastAction {
  label: string;
  /** Read by screen readers in place of the label, describing what the action does. */
  altText: string;
  onClick: () => void;
}

interface ToastInput {
  id?: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = (toasts: readonly ToastItem[]) => void;

function createToastStore() {
  let toasts: readonly ToastItem[] = [];
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Every id shown so far: a flash toast the server rendered is shown once, then left alone. */
  const shown = new Set<string>();
  let counter = 0;

  function emit(next: readonly ToastItem[]) {
    toasts = next;
    for (const listener of listeners) listener(toasts);
  }

  function remove(id: string) {
    removalTimers.delete(id);
    emit(toasts.filter((t) => t.id !== id));
  }

  function dismiss(id?: string) {
    const targets = toasts.filter((t) => t.open && (id === undefined || t.id === id));
    if (targets.length === 0) return;
    for (const t of targets) {
      if (!removalTimers.has(t.id))
        removalTimers.set(
          t.id,
          setTimeout(() => remove(t.id), EXIT_ANIMATION_MS),
        );
    }
    emit(toasts.map((t) => (targets.includes(t) ? { ...t, open: false } : t)));
  }

  function show(input: ToastInput) {
    const id = input.id ?? `toast-${++counter}`;
    const item: ToastItem = { ...input, id, open: true };
    shown.add(id);
    emit([item, ...toasts.filter((t) => t.id !== id)].slice(0, TOAST_LIMIT));
    return { id, dismiss: () => dismiss(id) };
  }

  return {
    show,
    dismiss,
    getSnapshot: () => toasts,
    wasShown: (id: string) => shown.has(id),
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const store = createToastStore();
const EMPTY: readonly ToastItem[] = [];

export const toast = store.show;
export const dismissToast = store.dismiss;
export const subscribeToToasts = store.subscribe;
export const getToastsSnapshot = store.getSnapshot;
export const wasToastShown = store.wasShown;
export const getServerToastsSnapshot = () => EMPTY;
