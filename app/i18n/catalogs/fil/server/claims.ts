import type { claims as en } from "~/i18n/catalogs/en/server/claims";

export const claims: Record<keyof typeof en, string> = {
  "claims.kind.accident": "aksidente",
  "claims.kind.hospitalisation": "pagkaospital",
  "claims.kind.bereavement": "pagpanaw ng mahal sa buhay",
  "claims.kind.calamity": "kalamidad",
  "claims.status.pending": "naghihintay sa admin",
  "claims.status.in_vote": "pinagbobotohan ng mga miyembro",
  "claims.status.waiting_funds": "pumasa, naghihintay ng pondo",
  "claims.status.approved": "aprubado",
  "claims.status.rejected": "hindi naaprubahan",
  "claims.field.note": "ang paliwanag",
  "claims.field.reason": "ang dahilan",
  "claims.kind": "Piliin ang uri ng claim: aksidente, pagkaospital, pagpanaw ng mahal sa buhay o kalamidad.",
  "claims.amount": "Ilagay ang halaga sa piso: higit sa ₱0.00 at hanggang {max}.",
  "claims.amountCentavos": "Hanggang 2 decimal lang para sa sentimo, gaya ng 1500.50.",
  "claims.noteRequired": "Isulat sa paliwanag kung ano ang nangyari.",
  "claims.noteTooLong": "Paikliin ang paliwanag sa hanggang {max} na character.",
  "claims.photosTooMany": "Hanggang {max} na litrato ng dokumento lang ang maaaring ilakip.",
  "claims.photoTooLarge": "Mas malaki sa {megabytes} MB ang litrato {n}. Pumili ng mas maliit o kumuha ulit.",
  "claims.photoWrongType": "Ang litrato {n} ay dapat JPEG, PNG, WebP o HEIC na larawan ng dokumento.",
  "claims.notMultipart": "Ipadala ang claim bilang form na may uri, halaga, paliwanag at mga litrato.",
  "claims.mayNotFile": "Mga rider at miyembro-may-ari lang ang maaaring mag-file ng claim sa member benefits fund.",
  "claims.notFound": "Hindi nakita ang claim na ito. I-reload ang listahan ng mga claim at subukan ulit.",
  "claims.notYours":
    "Ang rider na nag-file ng claim at ang mga admin ng co-op lang ang makakakita ng mga dokumento nito.",
  "claims.photoNotFound": "Hindi nakita ang litratong ito ng claim.",
  "claims.status": "Piliin kung aling mga claim ang ipapakita: pending, in_vote, waiting_funds, approved o rejected.",
  "claims.decision": "Piliin kung aaprubahan o tatanggihan ang claim na ito.",
  "claims.reasonRequired": "Ibigay ang dahilan kung bakit hindi naaprubahan ang claim; mababasa ito ng rider.",
  "claims.reasonTooLong": "Paikliin ang dahilan sa hanggang {max} na character.",
  "claims.inVote":
    "Lampas ang claim na ito sa halagang maaaprubahan ng admin, kaya ang mga miyembro ang magpapasya sa botohan. Hindi ito maaaprubahan dito.",
  "claims.alreadyApproved": "Naaprubahan na ang claim na ito. I-reload ang listahan para makita.",
  "claims.alreadyRejected": "Tinanggihan na ang claim na ito. I-reload ang listahan para makita.",
  "claims.fundTooSmall":
    "May {balance} ang member benefits fund, kulang para sa claim na ito na {amount}. Walang na-book.",
  "claims.fundTooSmallOwed":
    "May {balance} ang member benefits fund, at {owed} nito ay utang sa mga claim na pinagtibay ng mga miyembro at naghihintay ng pondo: kulang para sa claim na ito na {amount}. Walang na-book.",
  "claims.waitingFunds":
    "Pinagtibay na ng mga miyembro ang claim na ito. Naghihintay ito ng pondo at ibabayad sa balance ng rider kapag may pumasok nang pera, mula sa pinakamatandang claim; hindi ito mapagpapasyahan dito.",
  "claims.tooManyWaiting":
    "May {max} ka nang claim na naghihintay ng pasya o ng bayad. Puwede kang mag-file ulit kapag napagpasyahan o nabayaran na ang isa sa mga ito.",
  "claims.overFund":
    "{balance} ang laman ng member benefits fund, kaya hanggang {free} lang ang claim. Maglagay ng {free} o mas mababa.",
  "claims.overFundHeld":
    "{balance} ang laman ng member benefits fund, at {held} nito ay nakalaan sa mga claim na naka-file na. Hanggang {free} lang ang bagong claim: maglagay ng {free} o mas mababa.",
  "claims.fundEmpty":
    "Hindi pa makakatanggap ng bagong claim ang member benefits fund: {balance} ang laman nito, at {held} nito ay nakalaan sa mga claim na naka-file na. Subukan ulit kapag may pumasok pang pera mula sa mga delivery.",
  "claims.uploadTooLarge":
    "Masyadong malaki ang claim para maipadala: hanggang {max} na litrato lang, at hanggang {megabytes} MB bawat isa.",
  "claims.proposal.title": "Claim sa member benefits: {kind}, {amount}",
  "claims.proposal.body":
    "May rider na nag-file ng claim na {amount} ({kind}) noong {day}. Lampas ito sa {limit} na maaaprubahan ng admin, kaya ang mga miyembro ang magpapasya: ang Oo ay magbabayad nito mula sa member benefits fund papunta sa balance ng rider.",
  "claims.proposal.purpose": "Claim sa member benefits ({kind})",
  "claims.voteFailed": "hindi ito pinagtibay ng botohan ng mga miyembro",
};
