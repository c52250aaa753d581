/** Texts of the users, groups, requests and account screens, verbatim from the accounts validation rules and answer texts. */
export const UserMessages = {
  missingFields: 'Please fill out all fields',
  domainMismatch: 'This domain must match your own.',
  added: 'User added successfully',
  edited: 'User editted successfully',
  failed: 'Failed',
  accGroupWarning:
    'Changing the ACC group removes this user from the aircraft and portfolios of the current group; they will lose access to them.',
  externalTooltip: 'Access is time limited and an extension can be requested.',
  /** Beyond the spec: what a group manager may not do. */
  passwordAlreadySet: 'This user has already set a password; they can use Forgot password.',
  readOnly: 'You can see this user but not edit them: they hold access you cannot give. An administrator can.',
  emailAdminOnly: 'Only an administrator can change the e-mail address.',
  expiryManagerHint: 'You can keep this date or bring it forward; only an administrator can extend or remove it.',
} as const;

export const GroupMessages = {
  missingFields: 'Please fill out all fields',
  failed: 'An error occured. Please try again later.',
  added: 'Group added successfully',
  edited: 'Group edited successfully.',
  missingMessage: 'Please enter a message.',
  missingSubject: 'Please enter a subject.',
  emailSent: 'Your email has been sent.',
  emailFailed: 'An error occured. Please try again later.',
} as const;

export const RequestMessages = {
  externalMissingFields: 'You must fill out all fields.',
  expiresInPast: 'Expires must be a future date.',
  externalDomain: "Additional users must share the primary contact's e-mail domain.",
  approvalMissingFields: 'You must fill out all fields other than the extra users field.',
} as const;

export const AccountMessages = {
  missingName: 'Please fill out a First and Last Name.',
  mismatch: 'Please check your passwords, they do not match.',
  freeUser: 'You use free access: you sign in with a link we e-mail you. Your plan, what you bought and your receipts are below.',
  /** Beyond the spec: a new password needs the current one. */
  currentPasswordMissing: 'Please enter your current password to choose a new one.',
} as const;
