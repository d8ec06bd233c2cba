import type { CashoutView } from "./cashouts.server";

/**
 * Where cash-outs meet notifications (issue 19 builds them: D1 notifications, the bell, Web Push).
 * The routes call these after the change is stored; they are the one place to add the notices
 * ("Cash-out requested" to admins, "Cash-out paid/rejected" to the rider). Until then they send nothing.
 */
export async function cashoutRequested(_env: Env, _cashout: CashoutView): Promise<void> {}

export async function cashoutSettled(_env: Env, _cashout: CashoutView): Promise<void> {}
