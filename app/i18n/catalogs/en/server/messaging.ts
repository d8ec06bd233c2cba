/** Messages of the server's messaging area, by id (`server.messaging.…`); see app/i18n/message.ts. */
export const messaging = {
} satisfies Record<`messaging.${string}`, string>;
