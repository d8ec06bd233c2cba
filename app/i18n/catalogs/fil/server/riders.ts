import type { riders as en } from "~/i18n/catalogs/en/server/riders";

export const riders: Record<keyof typeof en, string> = {
  "riders.notFound": "Hindi nahanap ang rider na ito. I-reload ang listahan ng mga rider at pumili ulit.",
  "riders.alreadySuspended": "Suspendido na ang rider na ito. I-reload ang listahan para makita ang suspension niya.",
  "riders.notSuspended": "Hindi suspendido ang rider na ito, kaya walang ire-reactivate. I-reload ang listahan.",
  "riders.alreadyMember": "Member-owner na ang rider na ito. I-reload ang listahan para makita ang membership niya.",
  "riders.notEligible":
    "Hindi pa puwede ang rider na ito: kailangan ng {deliveries} naihatid na delivery at rating na {rating} pataas para maging member. I-record ang fee kapag pareho na niyang naabot.",
  "riders.offline": "Offline ka. Mag-online para makita at tanggapin ang mga delivery.",
  "riders.suspended": "Suspendido ang rider account mo: {reason}",
  "riders.noReasonGiven": "walang ibinigay na dahilan",
  "riders.onlineRequired": "Sabihin kung mag-o-online o mag-o-offline ka: ipadala ang online bilang true o false.",
  "riders.reasonRequired": "Ilagay ang dahilan ng pag-suspend sa rider na ito.",
  "riders.reasonTooLong": "Paikliin ang dahilan: hanggang {max} na character lang.",
};
