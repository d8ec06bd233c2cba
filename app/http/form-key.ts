/** The hidden field a money form sends its key made at render time in (app/http/form-idempotency.server.ts). */
export const FORM_KEY_FIELD = "idempotencyKey";
