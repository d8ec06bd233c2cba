/** Messages of the server's pricing area, by id (`server.pricing.…`); see app/i18n/message.ts. */
export const pricing = {
} satisfies Record<`pricing.${string}`, string>;
