/** Messages of the server's booking area, by id (`server.booking.…`); see app/i18n/message.ts. */
export const booking = {
} satisfies Record<`booking.${string}`, string>;
