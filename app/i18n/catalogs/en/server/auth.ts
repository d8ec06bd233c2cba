/** Messages of the server's auth area, by id (`server.auth.…`); see app/i18n/message.ts. */
export const auth = {
} satisfies Record<`auth.${string}`, string>;
