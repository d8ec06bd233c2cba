/** Messages of the server's payments area, by id (`server.payments.…`); see app/i18n/message.ts. */
export const payments = {
} satisfies Record<`payments.${string}`, string>;
