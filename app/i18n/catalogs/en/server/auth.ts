/**
 * Messages of the server's auth area, by id (`server.auth.…`); see app/i18n/message.ts. The login
 * toasts and the sign-in and profile field messages keep their exact English words;
 * where one says "try again later", a second sentence says when.
 */
export const auth = {
  // Login toasts
  "auth.phoneMissing": "Please enter a phone number",
  "auth.phoneInvalidFormat": "Invalid phone number format. Please use Philippine format (e.g., 09171234567)",
  "auth.smsQuotaExceeded":
    "SMS quota exceeded. Please try again later. You can ask for a new code in {minutes, plural, one {# minute} other {# minutes}}.",
  "auth.emailQuotaExceeded":
    "Too many sign-in links were sent. Please try again later. You can ask for a new link in {minutes, plural, one {# minute} other {# minutes}}.",
  "auth.invalidCode": "Invalid OTP code. Please check and try again",
  "auth.codeExpired": "OTP code has expired. Please request a new one",
  "auth.tooManyAttempts":
    "Too many attempts. Please try again later. You can ask for a new code in {minutes, plural, one {# minute} other {# minutes}}.",
  // A second code or link within the minute: no attempt was made, so not "Too many attempts".
  "auth.codeJustSent":
    "A code was sent to this number less than a minute ago. You can ask for a new code in {seconds, plural, one {# second} other {# seconds}}.",
  "auth.linkJustSent":
    "A sign-in link was sent to this address less than a minute ago. You can ask for a new link in {seconds, plural, one {# second} other {# seconds}}.",
  "auth.failed": "An error occurred. Please try again",
  "auth.noConfirmation": "No confirmation result. Please request OTP first.",
  "auth.registrationFailed": "Failed to complete registration",
  "auth.invalidEmailLink": "Invalid email sign-in link",
  "auth.emailMissing": "Email is required",
  "auth.captchaFailed": "Security check failed. Please try again",
  "auth.signInExpired": "Your sign-in has expired. Please sign in again",
  "auth.unavailable": "Sign-in is temporarily unavailable. Please try again later",
  // Field rules
  "auth.phoneTooShort": "Phone number must be at least 10 digits",
  "auth.phoneInvalid": "Please enter a valid Philippine phone number (e.g., 09171234567)",
  "auth.otpLength": "OTP must be 6 digits",
  "auth.otpDigits": "OTP must contain only numbers",
  "auth.firstNameRequired": "First name is required",
  "auth.lastNameRequired": "Last name is required",
  "auth.firstNameTooLong": "First name must be at most {max} characters. Shorten it and try again.",
  "auth.lastNameTooLong": "Last name must be at most {max} characters. Shorten it and try again.",
  "auth.emailInvalid": "Invalid email address",
  "auth.languageInvalid": "Choose a language: English or Filipino.",
  "auth.roleInvalid": "Choose a role: User (Customer), Rider (Delivery Partner) or Admin.",
  "auth.confirmDeletion": "Confirm that you want to delete your account, then try again.",
  // Field names, as values of the free-text messages (app/forms/text-rules.ts)
  "auth.field.firstName": "First name",
  "auth.field.lastName": "Last name",
  // Success toasts
  "auth.otpSent": "OTP Sent",
  "auth.otpSentTo": "We sent a 6-digit code to {phoneNumber}",
  "auth.otpVerified": "OTP Verified",
  "auth.enterName": "Please enter your name",
  "auth.loginSuccessful": "Login Successful",
  "auth.welcomeBack": "Welcome back!",
  "auth.welcome": "Welcome to {brand}!",
  // Account changes (settings)
  "auth.emailTaken":
    "This email address is already used by another account. Use another address, or leave the field empty.",
  "auth.adminRoleOnlyByAdmin": "Only an admin can give the admin role. Choose User or Rider instead.",
  "auth.applyFirst": "Apply to become a rider first",
  "auth.riderSuspended": "Your rider account is suspended: {reason}. Contact the co-op to have it reactivated.",
  "auth.riderSuspendedNoReason": "Your rider account is suspended. Contact the co-op to have it reactivated.",
  "auth.finishDeliveriesFirst": "Finish your active deliveries before you stop being a rider",
  "auth.deliveriesInProgress": "You have deliveries in progress. Finish or cancel them before deleting your account",
} satisfies Record<`auth.${string}`, string>;
