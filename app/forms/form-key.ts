/** The hidden field carrying a money form's key, made when the page was rendered (form-key.server.ts). */
export const FORM_KEY_FIELD = "idempotencyKey";
