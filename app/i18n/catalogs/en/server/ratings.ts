/** Messages of the server's ratings area, by id (`server.ratings.…`); see app/i18n/message.ts. */
export const ratings = {
} satisfies Record<`ratings.${string}`, string>;
