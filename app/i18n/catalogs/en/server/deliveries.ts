/** Messages of the server's deliveries area, by id (`server.deliveries.…`); see app/i18n/message.ts. */
export const deliveries = {
} satisfies Record<`deliveries.${string}`, string>;
