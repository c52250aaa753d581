import type { AccessRequestView, ApprovalPayload } from '@cti/contracts';

import { RequestMessages } from '../messages';

/** The regular approval form (the "Approval payload" shape). */
export interface ApprovalForm {
  Organization: string;
  PrimaryEmail: string;
  Name: string;
  Title: string;
  /** Additional users (not the primary). */
  Emails: Array<{ Id: string | null; Email: string; Name: string; Title: string }>;
  Roles: number[];
  Groups: string[];
  CalculatorGroup: string;
}

export function approvalFormOf(request: AccessRequestView): ApprovalForm {
  return {
    Organization: request.Organization,
    PrimaryEmail: request.Email,
    Name: request.Name,
    Title: request.Title,
    Emails: request.Users.filter((u) => !u.IsPrimary).map((u) => ({ Id: u.Id, Email: u.Email, Name: u.Name, Title: u.Title })),
    Roles: [],
    Groups: [],
    CalculatorGroup: '',
  };
}

const primaryOf = (request: AccessRequestView) => request.Users.find((u) => u.IsPrimary) ?? null;

/** Organization, PrimaryEmail, PrimaryId, Name, Title, Roles and CalculatorGroup are required. */
export function validateApproval(request: AccessRequestView, form: ApprovalForm): string | null {
  const required = [form.Organization, form.PrimaryEmail, primaryOf(request)?.Id ?? '', form.Name, form.Title, form.CalculatorGroup];
  if (required.some((v) => !v.trim()) || !form.Roles.length) return RequestMessages.approvalMissingFields;
  return null;
}

/** The approval payload; the primary is appended to Emails. */
export function approvalPayloadOf(request: AccessRequestView, form: ApprovalForm): ApprovalPayload {
  const primary = primaryOf(request);
  return {
    Request: {
      Id: request.Id,
      Organization: form.Organization.trim(),
      PrimaryEmail: form.PrimaryEmail.trim(),
      PrimaryId: primary?.Id ?? null,
      Name: form.Name.trim(),
      Title: form.Title.trim(),
      Reasoning: request.Reasoning,
      Emails: [
        ...form.Emails.filter((e) => e.Email.trim()).map((e) => ({
          Id: e.Id,
          Email: e.Email.trim(),
          Name: e.Name.trim(),
          Title: e.Title.trim(),
        })),
        { Id: primary?.Id ?? null, Email: form.PrimaryEmail.trim(), Name: form.Name.trim(), Title: form.Title.trim() },
      ],
    },
    Roles: form.Roles,
    Groups: form.Groups,
    CalculatorGroup: form.CalculatorGroup || null,
  };
}
