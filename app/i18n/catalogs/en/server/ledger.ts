/** Messages of the server's ledger area, by id (`server.ledger.…`); see app/i18n/message.ts. */
export const ledger = {
} satisfies Record<`ledger.${string}`, string>;
