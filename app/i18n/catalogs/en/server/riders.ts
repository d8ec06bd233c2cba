/** Messages of the server's riders area, by id (`server.riders.…`); see app/i18n/message.ts. */
export const riders = {
} satisfies Record<`riders.${string}`, string>;
