import { LoginAnswers } from '@cti/contracts';

/** Toast texts of the credentialed login, keyed by the server's answer. */
export const LoginMessages = {
  missingFields: 'You must enter an email and password.',
  invalidCredentials: 'The login credentials were invalid.',
  disabled: 'You are currently disabled.',
  expired: 'Your account has expired.',
  invalidUsername: 'Your username is not in email form.',
  otherAnswer: 'There was an issue contacting the server. Please try again in a few minutes.',
  networkError: 'An unhandled exception occurred. Please try again later.',
  success: 'Login successful.',
  /** Beyond the spec: under an empty field, beside the spec's toast naming both. */
  emailRequired: 'Enter your e-mail address.',
  passwordRequired: 'Enter your password.',
  /** Beyond the spec: the browser refuses this site its storage. */
  storageBlocked:
    'This browser is blocking storage for this site (a private window, or the page is shown inside another site). You can still sign in, but you will be signed out when you leave or reload this page.',
} as const;

/** What the user is told for a failed login, from the HTTP status and the server's answer text. */
export function loginFailureMessage(status: number | string, answer: string | undefined): string {
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return LoginMessages.networkError;
  switch (answer) {
    case LoginAnswers.invalidCredentials:
    case 'Username or Password was incorrect.':
      return LoginMessages.invalidCredentials;
    case LoginAnswers.disabled:
      return LoginMessages.disabled;
    case LoginAnswers.expired:
      return LoginMessages.expired;
    case LoginAnswers.invalidUsername:
      return LoginMessages.invalidUsername;
  }
  if (status === 429 && answer) return answer;
  return LoginMessages.otherAnswer;
}
