/** Messages of the server's discounts area, by id (`server.discounts.…`); see app/i18n/message.ts. */
export const discounts = {
} satisfies Record<`discounts.${string}`, string>;
