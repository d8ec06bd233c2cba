/** The hidden field carrying a money form's key made at render (app/forms/form-key.server.ts). */
export const FORM_KEY_FIELD = "idempotencyKey";
