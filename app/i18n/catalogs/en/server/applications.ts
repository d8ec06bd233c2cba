/** Messages of the server's applications area, by id (`server.applications.…`); see app/i18n/message.ts. */
export const applications = {
} satisfies Record<`applications.${string}`, string>;
