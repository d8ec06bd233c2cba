/** Messages of the server's partners area, by id (`server.partners.…`); see app/i18n/message.ts. */
export const partners = {
} satisfies Record<`partners.${string}`, string>;
