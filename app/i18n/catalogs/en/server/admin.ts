/** Messages of the server's admin area, by id (`server.admin.…`); see app/i18n/message.ts. */
export const admin = {
} satisfies Record<`admin.${string}`, string>;
