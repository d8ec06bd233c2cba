/**
 * Messages the server answers to people (`/api` errors, sign-in failures). Their ids are the
 * English text the code writes, so a route keeps writing plain English and the answer is translated
 * once, on its way out (app/i18n/server-messages.server.ts); `{placeholders}` match any text.
 */
export const server = {
  Unauthorized: "Unauthorized",
  Forbidden: "Forbidden",
  "Not Found": "Not Found",
  "Method Not Allowed": "Method Not Allowed",
  "Request body must be valid JSON": "Request body must be valid JSON",
  "Invalid request body": "Invalid request body",
  "Something went wrong. Please try again.": "Something went wrong. Please try again.",
  "Delivery not found": "Delivery not found",
  "Rider not found": "Rider not found",
  "Application not found": "Application not found",
  "Please enter a phone number": "Please enter a phone number",
  "Invalid phone number format. Please use Philippine format (e.g., 09171234567)":
    "Invalid phone number format. Please use Philippine format (e.g., 09171234567)",
  "SMS quota exceeded. Please try again later": "SMS quota exceeded. Please try again later",
  "Invalid OTP code. Please check and try again": "Invalid OTP code. Please check and try again",
  "OTP code has expired. Please request a new one": "OTP code has expired. Please request a new one",
  "Too many attempts. Please try again later": "Too many attempts. Please try again later",
  "Invalid email sign-in link": "Invalid email sign-in link",
  "Email is required": "Email is required",
  "Security check failed. Please try again": "Security check failed. Please try again",
  "Your sign-in has expired. Please sign in again": "Your sign-in has expired. Please sign in again",
  "Sign-in is temporarily unavailable. Please try again later": "Sign-in is temporarily unavailable. Please try again later",
  "An error occurred. Please try again": "An error occurred. Please try again",
  "Phone number must be at least 10 digits": "Phone number must be at least 10 digits",
  "First name is required": "First name is required",
  "Last name is required": "Last name is required",
  "Invalid email address": "Invalid email address",
  "Language must be en or fil": "Language must be en or fil",
  "Only the customer who booked this delivery can cancel it here": "Only the customer who booked this delivery can cancel it here",
  "This rider is already suspended": "This rider is already suspended",
  "This rider is not suspended": "This rider is not suspended",
  "This rider is already a member-owner": "This rider is already a member-owner",
  "Online payments are not configured": "Online payments are not configured",
};
