import { sharesContactDomain } from '@cti/access';
import type { ExternalRequestPayload } from '@cti/contracts';

import { RequestMessages } from '../messages';

export interface ExternalRequestForm {
  Name: string;
  Email: string;
  Expires: string;
  Organization: string;
  OrganizationAddress: string;
  Users: Array<{ FirstName: string; LastName: string; Email: string }>;
}

export const emptyExternalRequest = (): ExternalRequestForm => ({
  Name: '',
  Email: '',
  Expires: '',
  Organization: '',
  OrganizationAddress: '',
  Users: [],
});

/** "First Last Names" → first name before the first space, the rest as last name. */
export function splitName(name: string): { FirstName: string; LastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const at = trimmed.indexOf(' ');
  return at < 0 ? { FirstName: trimmed, LastName: '' } : { FirstName: trimmed.slice(0, at), LastName: trimmed.slice(at + 1) };
}

/** The message of the first rule the request breaks, or null. */
export function validateExternalRequest(form: ExternalRequestForm): string | null {
  const { FirstName, LastName } = splitName(form.Name);
  if (!FirstName || !LastName || !form.Email.trim() || !form.Expires || !form.Organization.trim() || !form.OrganizationAddress.trim())
    return RequestMessages.externalMissingFields;
  if (form.Users.some((u) => !u.FirstName.trim() || !u.LastName.trim() || !u.Email.trim())) return RequestMessages.externalMissingFields;
  if (form.Users.some((u) => !sharesContactDomain(form.Email, u.Email))) return RequestMessages.externalDomain;
  return null;
}

export function externalPayloadOf(form: ExternalRequestForm): ExternalRequestPayload {
  const { FirstName, LastName } = splitName(form.Name);
  return {
    FirstName,
    LastName,
    Name: `${FirstName} ${LastName}`,
    Email: form.Email.trim(),
    Expires: form.Expires,
    Organization: form.Organization.trim(),
    OrganizationAddress: form.OrganizationAddress.trim(),
    Users: form.Users.map((u) => ({
      FirstName: u.FirstName.trim(),
      LastName: u.LastName.trim(),
      Name: `${u.FirstName.trim()} ${u.LastName.trim()}`,
      Email: u.Email.trim(),
    })),
  };
}
