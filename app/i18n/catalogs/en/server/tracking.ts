/** Messages of the server's tracking area, by id (`server.tracking.…`); see app/i18n/message.ts. */
export const tracking = {
} satisfies Record<`tracking.${string}`, string>;
