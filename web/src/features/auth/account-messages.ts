/** Texts of the free-access and password flows, verbatim from the accounts validation rules and answer texts. */
export const FreeAccessMessages = {
  missingFields: 'You must complete all fields to gain access',
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
  tooShort: 'Please make sure the length of your passsword is more than 6 characters.',
  resetDone: 'Your password was reset successfully',
  invalidResetCode: 'This reset link is invalid or has expired. Please ask for a new one.',
  invalidUsername: 'Your username is not in email form.',
  // new-user password setup
  setupMismatch: 'Please make your passwords match.',
  setupMissingFields: 'Please fill out all fields',
  setupTokenExpired: 'Your token has expired.  Please use the button to send yourself a new link.',
  setupTooShort: 'You password must be at least 6 characters long',
  setupFailed: 'Something went wrong. Please try again later.',
  setupDone: 'Successfully updated password.',
  welcomeSent: 'Welcome email sent.',
  welcomeFailed: 'Welcome email failed to send.',
  otherAnswer: 'There was an issue contacting the server. Please try again in a few minutes.',
} as const;

/** The welcome-e-mail notice lasts 6000 ms. */
export const WELCOME_NOTICE_MS = 6000;

/** Passwords must be longer than 6 characters. */
export const passwordLongEnough = (password: string) => password.length > 6;
