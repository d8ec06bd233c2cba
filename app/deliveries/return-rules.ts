import { z } from "zod";
import { COULD_NOT_DELIVER_REASONS, type CouldNotDeliverReason } from "~/db/enums";
import { encodeMessage, word } from "~/i18n/message";
import { lengthAtMost, safeText } from "~/forms/text";

/**
 * "Could not deliver" and the return to the sender (docs/guide/deliveries.md#could-not-deliver,
 * decision 0222). Plain module: the job screen's form and the server share the schema and rules.
 */
export const RETURN_NOTE_MAX = 300;
/** How long the rider waits at a precise dropoff before returning the parcel (unless it is unsafe). */
export const DROPOFF_WAIT_MS = 10 * 60_000;

/** Absent and refused need a photo of the place. */
export const reasonNeedsPhoto = (reason: CouldNotDeliverReason) =>
  reason === "recipient_absent" || reason === "recipient_refused";
/** Every reason but "unsafe" needs the rider to have waited at the dropoff. */
export const reasonNeedsWait = (reason: CouldNotDeliverReason) => reason !== "unsafe";

/** Minutes still to wait at the dropoff at `now` (0 once waited), from the arrival the room recorded. */
export const minutesToWait = (arrivedAt: number, now: number) =>
  Math.max(0, Math.ceil((arrivedAt + DROPOFF_WAIT_MS - now) / 60_000));

const NOTE_NEEDED = encodeMessage("server.deliveries.return.noteNeeded");

/**
 * The fields of "Could not deliver" (`POST /api/deliveries/{id}/could-not-deliver` and the job
 * screen's form, both multipart with the `photo`, which the server checks by its bytes).
 */
export const couldNotDeliverSchema = z
  .object(
    {
      reason: z.enum(COULD_NOT_DELIVER_REASONS, {
        errorMap: () => ({ message: encodeMessage("server.deliveries.return.reason") }),
      }),
      note: safeText(
        z
          .string({ invalid_type_error: NOTE_NEEDED })
          .trim()
          .superRefine(
            lengthAtMost(
              RETURN_NOTE_MAX,
              encodeMessage("server.deliveries.return.noteTooLong", { max: RETURN_NOTE_MAX }),
            ),
          ),
        word("server.validation.field.returnNote"),
      ).optional(),
    },
    { invalid_type_error: encodeMessage("server.validation.invalidBody") },
  )
  .superRefine((body, ctx) => {
    if (body.reason === "other" && !body.note) ctx.addIssue({ code: "custom", path: ["note"], message: NOTE_NEEDED });
  });
export type CouldNotDeliver = z.infer<typeof couldNotDeliverSchema>;
