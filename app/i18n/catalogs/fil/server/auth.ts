import type { auth as en } from "~/i18n/catalogs/en/server/auth";

export const auth: Record<keyof typeof en, string> = {
  "auth.phoneMissing": "Pakilagay ang iyong mobile number",
  "auth.phoneInvalidFormat": "Mali ang format ng number. Gamitin ang Philippine format (hal., 09171234567)",
  "auth.smsQuotaExceeded":
    "Naubos na ang SMS quota. Pakisubukan ulit mamaya. Puwede kang humingi ng bagong code pagkalipas ng {minutes, plural, one {# minuto} other {# minuto}}.",
  "auth.emailQuotaExceeded":
    "Sobrang dami na ng naipadalang sign-in link. Pakisubukan ulit mamaya. Puwede kang humingi ng bagong link pagkalipas ng {minutes, plural, one {# minuto} other {# minuto}}.",
  "auth.invalidCode": "Mali ang OTP code. Pakitingnan at subukan ulit",
  "auth.codeExpired": "Expired na ang OTP code. Humingi ng bago",
  "auth.tooManyAttempts":
    "Sobrang dami ng subok. Pakisubukan ulit mamaya. Puwede kang humingi ng bagong code pagkalipas ng {minutes, plural, one {# minuto} other {# minuto}}.",
  "auth.codeJustSent":
    "May code na naipadala sa number na ito wala pang isang minuto ang nakalipas. Puwede kang humingi ng bagong code pagkalipas ng {seconds, plural, one {# segundo} other {# segundo}}.",
  "auth.linkJustSent":
    "May sign-in link na naipadala sa address na ito wala pang isang minuto ang nakalipas. Puwede kang humingi ng bagong link pagkalipas ng {seconds, plural, one {# segundo} other {# segundo}}.",
  "auth.failed": "May error. Pakisubukan ulit",
  "auth.noConfirmation": "Wala pang OTP na hiningi. Humingi muna ng OTP.",
  "auth.registrationFailed": "Hindi natapos ang registration",
  "auth.invalidEmailLink": "Hindi valid ang email sign-in link",
  "auth.emailMissing": "Kailangan ang email",
  "auth.captchaFailed": "Hindi pumasa ang security check. Pakisubukan ulit",
  "auth.signInExpired": "Expired na ang iyong sign-in. Mag-sign in ulit",
  "auth.unavailable": "Pansamantalang hindi makapag-sign in. Pakisubukan ulit mamaya",
  "auth.phoneTooShort": "Dapat hindi bababa sa 10 digit ang mobile number",
  "auth.phoneInvalid": "Maglagay ng valid na Philippine mobile number (hal., 09171234567)",
  "auth.otpLength": "Dapat 6 digit ang OTP",
  "auth.otpDigits": "Numero lang dapat ang OTP",
  "auth.firstNameRequired": "Kailangan ang first name",
  "auth.lastNameRequired": "Kailangan ang last name",
  "auth.firstNameTooLong": "Hanggang {max} character lang ang first name. Paikliin ito at subukan ulit.",
  "auth.lastNameTooLong": "Hanggang {max} character lang ang last name. Paikliin ito at subukan ulit.",
  "auth.emailInvalid": "Mali ang email address",
  "auth.languageInvalid": "Pumili ng wika: English o Filipino.",
  "auth.roleInvalid": "Pumili ng role: User (Customer), Rider (Delivery Partner) o Admin.",
  "auth.confirmDeletion": "Kumpirmahin na gusto mong i-delete ang account mo, saka subukan ulit.",
  "auth.field.firstName": "first name",
  "auth.field.lastName": "last name",
  "auth.otpSent": "Naipadala ang OTP",
  "auth.otpSentTo": "Nagpadala kami ng 6-digit code sa {phoneNumber}",
  "auth.otpVerified": "Na-verify ang OTP",
  "auth.enterName": "Pakilagay ang iyong pangalan",
  "auth.loginSuccessful": "Naka-sign in ka na",
  "auth.welcomeBack": "Maligayang pagbabalik!",
  "auth.welcome": "Maligayang pagdating sa {brand}!",
  "auth.emailTaken":
    "May ibang account na gumagamit ng email address na ito. Gumamit ng ibang address, o iwanang blangko.",
  "auth.adminRoleOnlyByAdmin": "Admin lang ang puwedeng magbigay ng admin role. Pumili ng User o Rider.",
  "auth.applyFirst": "Mag-apply muna bilang rider",
  "auth.riderSuspended": "Suspendido ang rider account mo: {reason}. Kontakin ang co-op para ma-reactivate ito.",
  "auth.riderSuspendedNoReason": "Suspendido ang rider account mo. Kontakin ang co-op para ma-reactivate ito.",
  "auth.finishDeliveriesFirst": "Tapusin muna ang mga active delivery mo bago ka tumigil bilang rider",
  "auth.deliveriesInProgress":
    "May mga delivery ka pang ongoing. Tapusin o i-cancel muna ang mga ito bago i-delete ang account mo",
};
