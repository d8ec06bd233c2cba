/** Messages of the server's settings area, by id (`server.settings.…`); see app/i18n/message.ts. */
export const settings = {
} satisfies Record<`settings.${string}`, string>;
