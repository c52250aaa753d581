import { MIN_PASSWORD_LENGTH, PasswordAnswers, passwordLength } from '@cti/contracts';

/** Texts of the free-access and password flows, verbatim from the accounts validation rules and answer texts. */
export const FreeAccessMessages = {
  missingFields: 'You must complete all fields to gain access',
  /** Beyond the spec: under each empty field, beside the spec's text naming them all. */
  nameRequired: 'Enter your name.',
  companyRequired: 'Enter your company.',
  emailRequired: 'Enter your e-mail address.',
  /** The terms box left unticked (the spec names no text for it). */
  termsRequired: 'You must agree to the Terms and Conditions to gain access.',
  userExists: 'Please use credentialed user login',
  invalidUsername: 'Your username is not a valid email',
  emailSent: 'An email has been sent with your confirmation link.',
  granted: "Thank you for agreeing to the 'Terms and Conditions'.",
  grantFailed: 'A problem occurred trying to grant access. Please try again later.',
} as const;

export const PasswordMessages = {
  enterEmail: 'Please enter your email',
  resetLinkSent: 'Check your email for the Reset Password Link.',
  mismatch: 'Please check your passwords, they do not match.',
  // the spec's texts with the policy's length (MIN_PASSWORD_LENGTH)
  tooShort: `Please make sure the length of your passsword is more than ${MIN_PASSWORD_LENGTH - 1} characters.`,
  /** Beyond the spec: the server found the password on its list of common and breached passwords. */
  tooCommon:
    'This password is too common: it appears in lists of breached passwords that attackers try first. Please choose another; a few unrelated words make a good one.',
  resetDone: 'Your password was reset successfully',
  invalidResetCode: 'This reset link is invalid or has expired. Please ask for a new one.',
  invalidUsername: 'Your username is not in email form.',
  // new-user password setup
  setupMismatch: 'Please make your passwords match.',
  setupMissingFields: 'Please fill out all fields',
  setupTokenExpired: 'Your token has expired.  Please use the button to send yourself a new link.',
  setupTooShort: `You password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  setupFailed: 'Something went wrong. Please try again later.',
  setupDone: 'Successfully updated password.',
  welcomeSent: 'Welcome email sent.',
  welcomeFailed: 'Welcome email failed to send.',
  otherAnswer: 'There was an issue contacting the server. Please try again in a few minutes.',
} as const;

/** The welcome-e-mail notice lasts 6000 ms. */
export const WELCOME_NOTICE_MS = 6000;

/** The hint under every field that sets a password. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters; no other rules. Common and breached passwords are refused.`;

/** Passwords have at least MIN_PASSWORD_LENGTH characters (the server also refuses common ones). */
export const passwordLongEnough = (password: string) => passwordLength(password) >= MIN_PASSWORD_LENGTH;

/** The text for a server answer refusing a new password (too short, too common), or undefined for any other answer. */
export function passwordRefusalMessage(answer: string | undefined): string | undefined {
  if (answer === PasswordAnswers.tooShort) return PasswordMessages.tooShort;
  if (answer === PasswordAnswers.tooCommon) return PasswordMessages.tooCommon;
  return undefined;
}

/** The toast for a reset answer other than Success (reset, and a free buyer choosing a password). */
export function resetFailureMessage(answer: string | undefined, status: unknown): string {
  switch (answer) {
    case PasswordAnswers.invalidToken:
    case 'No User Found.':
      return PasswordMessages.invalidResetCode;
    case PasswordAnswers.tooShort:
    case PasswordAnswers.tooCommon:
      return passwordRefusalMessage(answer)!;
    case PasswordAnswers.invalidUsername:
      return PasswordMessages.invalidUsername;
  }
  return status === 429 && answer ? answer : PasswordMessages.otherAnswer;
}
