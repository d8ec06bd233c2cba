import type { legal as en } from "~/i18n/catalogs/en/legal";

export const legal: Record<keyof typeof en, string> = {
  updated: "Huling binago noong {date}.",
  contents: "Sa page na ito",
  "contact.hotline": "Hotline: {hotline}",
  "contact.messenger": "Messenger: {messenger}",
  "contact.email": "Email: {email}",
  "contact.none":
    "Wala pang inilalabas na hotline, Messenger link o email ang co-op. Ililista ang mga ito rito at sa ibaba ng bawat page kapag mayroon na.",
  "contact.line": "Maaabot ang co-op sa alinman sa mga ito:",

  "terms.meta.title": "Mga Tuntunin ng Serbisyo · Hatid",
  "terms.meta.description":
    "Ang mga tuntunin sa pag-book ng delivery sa Hatid at sa pag-rider para sa kooperatiba: presyo, pag-cancel, bayad, refund, tungkulin ng rider at mga alitan.",
  "terms.title": "Mga Tuntunin ng Serbisyo",
  "terms.lead":
    "Ang mga patakaran sa pagitan mo at ng kooperatibang pag-aari ng mga rider na nagpapatakbo ng Hatid, sa simpleng salita.",
  "terms.about.heading": "Ano ang saklaw ng mga tuntuning ito",
  "terms.about.p1":
    "Ang Hatid ay delivery service ng isang kooperatibang pag-aari ng mga rider sa Pilipinas. Saklaw ng mga tuntuning ito ang pag-book mo ng delivery, ang pag-rider para sa kooperatiba at ang paggamit ng website na ito. Kapag nag-sign in ka, tinatanggap mo ang mga ito at ang aming Privacy Notice; kung hindi ka sang-ayon, huwag mo munang gamitin ang Hatid.",
  "terms.accounts.heading": "Ang account mo",
  "terms.accounts.p1":
    "Nagsa-sign in ka gamit ang Philippine mobile number at one-time code na ipinapadala rito, na gumagana nang {codeMinutes} minuto. Huwag ipahiram ang phone mo at huwag ibigay ang code: ang anumang ginawa gamit ang account mo ay ituturing na ginawa mo. Ibigay ang totoo mong pangalan at mga tamang contact number. Puwede mong i-delete ang account mo sa Settings anumang oras.",
  "terms.bookings.heading": "Booking at presyo",
  "terms.bookings.p1":
    "Nagbu-book ka sa pagbibigay ng pickup at dropoff address, ng lungsod at contact number ng bawat isa, at ng paglalarawan ng package. Galing ang presyo sa rate card na umiiral sa oras ng booking at makikita mo ito bago ka mag-confirm; hindi na magbabago ang presyo ng booking kahit magbago pa ang rate card:",
  "terms.bookings.peak":
    "Tuwing peak hours, may dagdag na {peakRange} kada delivery, nakalista nang hiwalay; buo itong napupunta sa rider.",
  "terms.bookings.distance":
    "Hanggang {maxKm} km lang ang isang delivery ayon sa tantya ng daan, at hanggang {maxWaiting} booking lang ang puwedeng sabay na naghihintay ng rider o ng bayad.",
  "terms.bookings.p2":
    "Ipadala lang ang pinapayagan ng batas at kayang dalhin nang ligtas sa motorsiklo. Balutin ito nang maayos at ilarawan nang totoo: puwedeng tanggihan ng rider ang package na delikado, ilegal o iba sa nakasulat sa booking.",
  "terms.cancellations.heading": "Pag-cancel at mga bayad dito",
  "terms.cancellations.p1": "Puwede mong i-cancel ang booking hangga't hindi pa na-pickup ang package:",
  "terms.cancellations.free":
    "Libre habang wala pang rider na tumatanggap nito, o sa loob ng {freeMinutes} minuto mula sa pag-book",
  "terms.cancellations.assigned": "{assignedFee} kapag may rider na",
  "terms.cancellations.arrived": "{arrivedFee} kapag nasa pickup na ang rider, ayon sa location niya",
  "terms.cancellations.pickedUp": "Hindi na puwedeng i-cancel kapag na-pickup na ang package",
  "terms.cancellations.unpaid":
    "Ang booking na babayaran online pero hindi nabayaran sa loob ng {unpaidMinutes} minuto ay kusang na-cancel nang walang bayad",
  "terms.cancellations.p2":
    "Hinahati ang cancellation fee gaya ng delivery fee: halos lahat sa rider na pumunta. Kung online ang bayad, ibinabawas ito sa refund mo; kung walang maire-refund (cash), idinadagdag ito sa susunod mong booking bilang hiwalay na linya. Puwede itong i-waive ng co-op.",
  "terms.payments.heading": "Bayad, discount at refund",
  "terms.payments.p1":
    "Magbabayad ka nang cash sa rider, o online sa GCash, Maya o card sa pamamagitan ng aming payment provider; puwedeng singilin buwan-buwan ang mga business partner. Nasa payment provider lang ang detalye ng card at e-wallet mo: hindi ito nakikita o itinatago ng Hatid.",
  "terms.payments.discounts":
    "Ang mga ID discount ({pwd}% sa PWD, {senior}% sa senior citizen, {student}% sa estudyante) ay para sa mga booking pagkatapos ma-approve ng admin ang ID mo. Ang mga promo code ay ayon sa nakalista sa help center, isa kada booking.",
  "terms.payments.refunds":
    "Bumabalik ang refund sa paraan ng pagbayad mo, bawas ang anumang cancellation fee: sa e-wallet sa loob ng {ewalletTime}, sa card sa loob ng {cardTime}. Patuloy na susubukan ng co-op ang refund hanggang kumpirmahin ito ng payment provider.",
  "terms.riders.heading": "Mga rider",
  "terms.riders.p1": "Ang mga na-approve na aplikante lang ang puwedeng mag-rider. Bilang rider, sumasang-ayon ka na:",
  "terms.riders.papers":
    "Panatilihing valid ang driver's license mo, ang rehistro ng motorsiklo at ang mga clearance mo, at sumunod sa batas trapiko",
  "terms.riders.location":
    "I-share ang location mo habang may hawak kang delivery: nakikita ng customer nito at ng co-op kung nasaan ka hanggang matapos ito",
  "terms.riders.handover": "Sa dropoff lang iabot ang package, at hingin ang handover code ng tatanggap",
  "terms.riders.cash":
    "Mangolekta lang ng cash kapag sinasabi ng booking, at i-remit ang bahagi ng co-op ayon sa ledger mo",
  "terms.riders.share":
    "Sa 'yo ang {riderShare}% ng bawat delivery fee; {insurance} kada delivery ang napupunta sa insurance ng mga rider. Pagkatapos ng {memberDeliveries} delivery na may rating na {memberRating} pataas, puwede kang maging member-owner sa minsanang bayad na {memberFee}.",
  "terms.riders.p2":
    "Puwedeng i-suspend ng co-op ang rider na lumabag sa mga tuntuning ito, nang may dahilan; ibibigay sa ibang rider ang mga delivery na hawak niya.",
  "terms.liability.heading": "Nawala o nasira, at ang pananagutan namin",
  "terms.liability.p1":
    "Iniingatan ng mga rider ang package mo. Kung nawala o nasira ito habang hawak ng rider, sabihan agad ang co-op. Sasagutin ng co-op ang pagkawala o pagkasirang dulot ng mga rider nito, hanggang sa napatunayang halaga ng item. Hindi nito sasagutin ang mga bawal na item, ang hindi maayos ang balot o iba sa paglalarawan, ang mga hindi direktang lugi gaya ng nawalang kita, o ang pagkaantalang dulot ng trapiko, panahon o ibang pangyayaring walang makapipigil.",
  "terms.liability.p2":
    "Walang anuman sa mga tuntuning ito ang nag-aalis sa mga karapatang ibinibigay sa 'yo ng Consumer Act (Republic Act No. 7394) at ng iba pang batas.",
  "terms.conduct.heading": "Patas na paggamit",
  "terms.conduct.p1":
    "Gamitin ang Hatid ayon sa batas: walang pekeng booking, walang panggigipit sa mga rider, customer o tatanggap, at walang pagtatangkang pasukin ang serbisyo o ang account ng iba. Puwedeng isara ng co-op ang account na gumagawa nito.",
  "terms.changes.heading": "Mga pagbabago",
  "terms.changes.p1":
    "Puwedeng baguhin ng co-op ang mga tuntuning ito at ang mga presyo nito; puwedeng bumoto ang mga member-owner sa mga setting. Nakasulat sa itaas kung kailan huling binago ang mga tuntuning ito. Nananatili sa booking ang mga tuntunin at presyong umiiral noong ginawa ito.",
  "terms.law.heading": "Mga alitan at ang batas",
  "terms.law.p1":
    "Ang mga batas ng Republika ng Pilipinas ang sumasaklaw sa mga tuntuning ito. Sabihan muna ang co-op: susubukan nitong ayusin nang maayos ang anumang hindi pagkakaunawaan. Ang alitan sa pagitan ng kooperatiba at ng mga member nito ay inaayos sa conciliation o mediation ayon sa Philippine Cooperative Code of 2008 (Republic Act No. 9520). Ang iba pang alitan ay puwedeng dalhin sa tamang hukuman sa Pilipinas.",
  "terms.contact.heading": "Kontakin kami",

  "privacy.meta.title": "Privacy Notice · Hatid",
  "privacy.meta.description":
    "Anong personal na impormasyon ang kinukuha ng Hatid, bakit, gaano katagal itinatago, sino ang nakakakita at ang mga karapatan mo sa ilalim ng Data Privacy Act of 2012.",
  "privacy.title": "Privacy Notice",
  "privacy.lead":
    "Paano inaalagaan ng kooperatibang nagpapatakbo ng Hatid ang phone number mo, ang mga address mo, ang location ng mga rider at ang mga ID photo.",
  "privacy.who.heading": "Sino kami",
  "privacy.who.p1":
    "Pinapatakbo ang Hatid ng isang kooperatibang pag-aari ng mga rider sa Pilipinas, ang personal information controller ng lahat ng inilalarawan dito. Sumusunod kami sa Data Privacy Act of 2012 (Republic Act No. 10173), sa mga implementing rule nito at sa mga inilalabas ng National Privacy Commission.",
  "privacy.collect.heading": "Ano ang kinukuha namin",
  "privacy.collect.account":
    "Ang account mo: ang mobile number mo at, kung ibibigay mo, ang pangalan, email address at wika mo",
  "privacy.collect.bookings":
    "Ang mga booking mo: pickup at dropoff address, lungsod at contact number, detalye at note ng package, ang presyo at paano ito binayaran, ang rating at comment mo",
  "privacy.collect.location":
    "Location ng mga rider: ang posisyon ng rider habang online siya at habang may hawak siyang delivery",
  "privacy.collect.ids": "Mga ID photo: litrato ng PWD, senior citizen o student ID mo, kung hihingi ka ng discount",
  "privacy.collect.riders":
    "Mula sa mga rider: ang application (pangalan, mobile number, lungsod, motorsiklo, referral code), detalye ng GCash o bangko para sa cash-out, ang ledger ng kita, at ang membership",
  "privacy.collect.claims":
    "Mga claim sa member benefits fund: ang uri, ang halaga, isang note at mga litrato ng dokumento, na puwedeng may impormasyon tungkol sa kalusugan",
  "privacy.collect.technical":
    "Teknikal na data: ang network address mo (para pigilan ang pang-aabuso sa sign-in at application), ang session at language cookie, at ang push subscription ng browser mo kung bubuksan mo ang mga notification",
  "privacy.collect.p2": "Hindi kami nagbebenta ng personal na impormasyon at walang advertising.",
  "privacy.why.heading": "Bakit, at sa anong legal na batayan",
  "privacy.why.contract":
    "Para maibigay ang serbisyong hinihingi mo (booking, bayad, live tracking, kita at cash-out ng mga rider): kailangan para sa kontrata namin sa 'yo (Section 12(b) ng batas)",
  "privacy.why.law":
    "Para sa mga libro ng co-op at sa mga legal na utos: pagsunod sa obligasyon ayon sa batas (Section 12(c))",
  "privacy.why.safety":
    "Para manatiling ligtas ang serbisyo (limit sa code at application, pagsusuri laban sa panloloko): ang lehitimong interes namin (Section 12(f)), na hindi kailanman lalampas sa mga pangunahing karapatan mo",
  "privacy.why.sensitive":
    "Sensitibong personal na impormasyon ang mga ID photo at dokumento ng claim (nakikita rito ang edad, kapansanan o kalusugan): pinoproseso namin ang mga ito nang may pahintulot mo, na ibinibigay mo sa pag-upload (Section 13(a)), para lang magpasya sa discount o claim mo",
  "privacy.why.push": "Push notification lang kung bubuksan mo ito; puwede mo itong patayin sa Settings",
  "privacy.retention.heading": "Gaano katagal namin itinatago",
  "privacy.retention.codes":
    "Gumagana ang sign-in code nang {codeMinutes} minuto at hash lang nito ang itinatago; tumatagal ang session nang {sessionDays} araw maliban kung mag-log out ka",
  "privacy.retention.positions":
    "Hindi isa-isang itinatago ang mga posisyon ng rider: ang huling alam na posisyon lang ng bawat delivery, na binubura {positionDays} araw pagkatapos matapos ang delivery, at ang sariling huling posisyon ng rider, na binubura kapag {positionDays} araw na ang tanda nito",
  "privacy.retention.link":
    "Hindi na gumagana ang tracking link ng tatanggap {linkHours} oras pagkatapos matapos ang delivery",
  "privacy.retention.ids":
    "Binubura ang mga ID photo {idPhotoDays} araw pagkatapos magpasya ang admin; nananatili ang desisyon (uri, petsa, porsyento)",
  "privacy.retention.claims":
    "Binubura ang mga dokumento ng claim {claimPhotoDays} araw pagkatapos mapagpasyahan ang claim; nananatili ang claim mismo sa mga record ng fund",
  "privacy.retention.accounts":
    "Kapag na-delete mo ang account mo, agad na binubura ang pangalan, email address at mobile number mo at natatapos ang mga session mo. Nananatili sa libro ng co-op ang mga delivery at record ng pera nang wala ang mga ito, ayon sa hinihingi ng batas sa buwis at sa kooperatiba",
  "privacy.access.heading": "Sino ang nakakakita",
  "privacy.access.customers":
    "Nakikita ng customer ang first name, sasakyan at rating ng rider niya, at ang phone number nito habang aktibo lang ang delivery",
  "privacy.access.riders":
    "Nakikita ng rider ang mga address at contact number ng mga delivery na hawak niya, at ang mga number hanggang matapos lang ang bawat isa",
  "privacy.access.recipients":
    "Ang link ng tatanggap ay nagpapakita ng status at ng mapa, walang personal na impormasyon maliban sa dropoff",
  "privacy.access.admins":
    "Nakikita ng mga admin ng co-op ang kailangan nila para patakbuhin ito; lihim sa lahat, pati sa mga admin, kung paano bumoto ang isang member",
  "privacy.access.processors":
    "Mga service provider na nagpoproseso ng data para sa amin ayon sa kontrata: Cloudflare (hosting at storage), Semaphore (text message), Resend (email), PayMongo (bayad), Xendit (GCash payout) at Mapbox (mapa at paghahanap ng address)",
  "privacy.access.government": "Mga awtoridad ng gobyerno, kapag hinihingi lang ng batas",
  "privacy.rights.heading": "Ang mga karapatan mo",
  "privacy.rights.p1": "Sa ilalim ng Data Privacy Act, may karapatan kang:",
  "privacy.rights.informed": "Malaman kung paano pinoproseso ang personal na impormasyon mo (ang notice na ito)",
  "privacy.rights.access": "Makakuha ng kopya ng personal na impormasyon mo, sa format na magagamit mo ulit",
  "privacy.rights.correct": "Maipatama ang mali o kulang na impormasyon",
  "privacy.rights.object":
    "Tumutol sa pagproseso, at maipabura o maipa-block ang impormasyon mo kapag hindi na ito kailangan o ilegal itong naproseso",
  "privacy.rights.damages":
    "Mabayaran sa pinsalang dulot ng maling impormasyon, o ng impormasyong ilegal na nakuha o maling ginamit",
  "privacy.rights.complain": "Magreklamo sa National Privacy Commission (privacy.gov.ph)",
  "privacy.rights.p2": "Para gamitin ang alinman dito, sumulat sa aming Data Protection Officer (sa ibaba).",
  "privacy.security.heading": "Paano namin ito pinoprotektahan",
  "privacy.security.p1":
    "Hash lang ang itinatago namin sa mga code at session; nasa pribadong storage ang mga ID photo at dokumento ng claim na mabubuksan lang ng mga nagpapasya rito; at naka-encrypt ang koneksyon sa lahat ng oras.",
  "privacy.breach.heading": "Kung may mangyaring breach",
  "privacy.breach.p1":
    "Kung may breach na naglalagay sa personal na impormasyon mo sa totoong panganib ng malubhang pinsala, sasabihan namin ang National Privacy Commission at ikaw sa loob ng {breachHours} oras mula nang malaman namin ito, ayon sa patakaran ng Commission: kung ano ang nangyari, ano ang naapektuhan at ano ang ginagawa namin.",
  "privacy.dpo.heading": "Ang aming Data Protection Officer",
  "privacy.dpo.p1":
    "Para sa mga tanong tungkol sa personal na impormasyon mo, o para gamitin ang mga karapatan mo, kontakin ang Data Protection Officer ng co-op.",
  "privacy.changes.heading": "Mga pagbabago",
  "privacy.changes.p1": "Kapag nagbago ang notice na ito, ipo-post dito ang bagong bersyon kasama ang petsa nito.",

  "signIn.agree": "Sa pag-sign in, tinatanggap mo ang aming mga tuntunin at privacy notice:",
};
