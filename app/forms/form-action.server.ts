import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect } from "@remix-run/cloudflare";
import type { z } from "zod";
import { getSessionUser } from "~/auth/session.server";
import type { Role, User } from "~/db/schema";
import { forbidden, unauthorized } from "~/http/refusal";
import { isRefusal, type Refusal } from "~/http/refusal";
import { encodeMessage } from "~/i18n/message";
import { suspensionRefusal } from "~/auth/suspension";
import { flashToastHeader, type FlashToastInput } from "~/components/toast.server";
import { parseSubmission } from "./submission";

/**
 * The server's side of the one form pattern (decision 0187): a route `action` reads the posted
 * form, checks it with the schema its `/api` route uses, runs the same `*.server.ts` function and
 * answers either `submission.reply()` (errors as message ids, shown by `useActionForm`) or a
 * redirect (or data) with a toast. A Refusal thrown by the domain becomes the form's error (on its
 * field when it names one) with the refusal's status; nothing else is caught.
 */

/** The posted form; an unreadable body reads as an empty form (the schema then names what is missing). */
export async function readForm(request: Request): Promise<FormData> {
  // (The Worker has already capped the body's size: app/http/body-limit.server.ts.)
  return request.formData().catch(() => new FormData());
}

/** The `intent` a page's forms post to say which of them was sent (several forms, one action). */
export function intentOf<const I extends string>(formData: FormData, intents: readonly I[]): I | null {
  const intent = formData.get("intent");
  return typeof intent === "string" && (intents as readonly string[]).includes(intent) ? (intent as I) : null;
}

export type FormAnswer = SubmissionResult<string[]>;

/** A refusal as the form's answer: its message on its field when it names one, else on the form. */
export function refusalReply(submission: Submission<unknown, string[]> | null, refusal: Refusal) {
  const said = [encodeMessage(refusal.id, refusal.values)];
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(refusal.fieldErrors ?? {}))
    fieldErrors[field] = messages.map((m) => encodeMessage(m.id, m.values));
  if (refusal.field && !fieldErrors[refusal.field]) fieldErrors[refusal.field] = said;
  const reply: FormAnswer = submission
    ? submission.reply({ formErrors: refusal.field ? [] : said, fieldErrors })
    : { status: "error", error: { "": refusal.field ? [] : said, ...fieldErrors } };
  return data(reply, { status: refusal.status });
}

/**
 * Parses `formData` with `schema` and runs `run` on a valid value: an invalid form answers its field
 * errors (400), a Refusal from `run` answers its message (its status). `run` answers the success
 * (usually `redirectWithToast` or `dataWithToast`).
 */
export async function submitForm<S extends z.ZodTypeAny, R>(
  formData: FormData,
  schema: S,
  run: (value: z.output<S>, submission: Submission<z.input<S>, string[], z.output<S>>) => Promise<R>,
) {
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    return await run(submission.value, submission);
  } catch (error) {
    if (isRefusal(error)) return refusalReply(submission as Submission<unknown, string[]>, error);
    throw error;
  }
}

/** Runs `run`, answering a Refusal it throws as the form's error (for forms without fields, e.g. Accept). */
export async function runFormStep<R>(run: () => Promise<R>) {
  try {
    return await run();
  } catch (error) {
    if (isRefusal(error)) return refusalReply(null, error);
    throw error;
  }
}

/**
 * The signed-in user of a page action, with one of `roles` when given: a Refusal (401, 403, or
 * the suspended rider's 403) otherwise, answered as the form's error by `submitForm`/`runFormStep`.
 */
export async function requireActionUser(request: Request, env: Env, ...roles: Role[]): Promise<User> {
  const user = await getSessionUser(request, env);
  if (!user) throw unauthorized();
  if (roles.length > 0 && !roles.includes(user.role)) throw forbidden();
  if (user.role === "rider" && roles.includes("rider")) {
    const suspended = suspensionRefusal(user);
    if (suspended) throw suspended;
  }
  return user;
}

/**
 * A redirect that shows `toast` on the page it leads to (the root's loader reads it once): the
 * answer of every successful form, also for a fetcher's (post, redirect, get: the page is rendered
 * again with its new data, with or without JavaScript).
 */
export async function redirectWithToast(request: Request, to: string, toast: FlashToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToastHeader(request, toast));
  return redirect(to, { ...init, headers });
}
