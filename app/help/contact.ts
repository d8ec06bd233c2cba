/**
 * How to reach Hatid support (help centre, 'Still Need Help?'). One place to change them.
 * NOTE: placeholders until the cooperative confirms its real page, hotline and mailbox.
 */
export const SUPPORT_CONTACT = {
  messengerUrl: "https://m.me/hatid.coop",
  messengerLabel: "m.me/hatid.coop",
  hotlineDisplay: "(02) 8424-2843",
  hotlineTel: "+63284242843",
  email: "support@hatid.ph",
} as const;
