import { useEffect, useReducer, useRef } from "react";
import {
  enqueue,
  onActionOutcome,
  onQueueChange,
  queuedActions,
  sendingSeq,
  startQueue,
  type ActionOutcome,
  type QueuedAction,
} from "./action-queue";

export type NewAction = Omit<QueuedAction, "seq" | "key" | "queuedAt" | "userId">;

/**
 * The offline action queue for a React page: `submit` keeps the action (IndexedDB) and sends it
 * now if there is signal, later if not; `waiting(subject)` lists what still waits for that item
 * (show "Waiting for signal"); `onOutcome` hears the server's answer to each action, whenever it
 * comes (this page or after a reload). Mount it once per page.
 */
export function useActionQueue(userId: string, onOutcome: (outcome: ActionOutcome) => void) {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(onOutcome);
  latest.current = onOutcome;

  useEffect(() => {
    const offChange = onQueueChange(changed);
    const offOutcome = onActionOutcome((outcome) => outcome.action.userId === userId && latest.current(outcome));
    startQueue(userId);
    return () => {
      offChange();
      offOutcome();
    };
  }, [userId]);

  return {
    submit: (action: NewAction) => enqueue({ ...action, userId }),
    waiting: (subject: string) =>
      queuedActions().filter((action) => action.userId === userId && action.subject === subject),
    isSending: (action: QueuedAction) => sendingSeq() === action.seq,
  };
}
