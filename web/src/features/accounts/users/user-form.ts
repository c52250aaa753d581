import { UserEditPolicy, type Principal } from '@cti/access';
import type { ManagedUser, UserPayload } from '@cti/contracts';

import { UserMessages } from '../messages';

/** The user modal's fields (the "User add/edit payload" shape). */
export interface UserForm {
  Id: string | null;
  FirstName: string;
  LastName: string;
  Email: string;
  OrganizationName: string;
  OrganizationAddress: string;
  ExpiresOn: string;
  Roles: number[];
  Groups: string[];
  CalculatorGroup: string;
  IsGroupManager: boolean;
  IsHidden: boolean;
  IsACID: boolean;
  Disabled: boolean;
}

export function formOf(user: ManagedUser | null, defaults: { groups?: string[] } = {}): UserForm {
  return {
    Id: user?.Id ?? null,
    FirstName: user?.FirstName ?? '',
    LastName: user?.LastName ?? '',
    Email: user?.Email ?? '',
    OrganizationName: user?.Organization ?? '',
    OrganizationAddress: user?.OrganizationAddress ?? '',
    ExpiresOn: user?.Expires ? user.Expires.slice(0, 10) : '',
    Roles: user?.Roles.map((r) => r.Id) ?? [],
    Groups: user?.Groups.map((g) => g.Id) ?? defaults.groups ?? [],
    CalculatorGroup: user?.CalculatorGroup ?? '',
    IsGroupManager: user?.IsGroupManager ?? false,
    IsHidden: user?.IsHidden ?? false,
    IsACID: user?.IsACID ?? false,
    Disabled: user?.Disabled ?? false,
  };
}

/** The message of the first rule the form breaks, or null. */
export function validateUserForm(form: UserForm, editor: Principal): string | null {
  if (!form.FirstName.trim() || !form.LastName.trim() || !form.Email.trim() || !form.Roles.length) return UserMessages.missingFields;
  if (!form.Id && !UserEditPolicy.domainAllowed(editor, form.Email)) return UserMessages.domainMismatch;
  return null;
}

/** The payload; admin-only fields are sent by admins only. */
export function payloadOf(form: UserForm, editor: Principal, creatorId: string): UserPayload {
  const admin = UserEditPolicy.isAdmin(editor);
  return {
    Id: form.Id,
    FirstName: form.FirstName.trim(),
    LastName: form.LastName.trim(),
    Name: `${form.FirstName.trim()} ${form.LastName.trim()}`,
    Email: form.Email.trim(),
    OrganizationName: form.OrganizationName.trim(),
    OrganizationAddress: form.OrganizationAddress.trim(),
    ExpiresOn: form.ExpiresOn || null,
    Roles: form.Roles,
    Groups: form.Groups,
    CalculatorGroup: form.CalculatorGroup || null,
    CreatorId: form.Id ? undefined : creatorId,
    ...(admin ? { IsGroupManager: form.IsGroupManager, IsHidden: form.IsHidden, IsACID: form.IsACID, Disabled: form.Disabled } : {}),
  };
}

/** Editing an existing ACC group away warns of the loss of aircraft and portfolios. */
export const accGroupChanged = (original: ManagedUser | null, form: UserForm) =>
  !!original?.CalculatorGroup && original.CalculatorGroup !== (form.CalculatorGroup || null);
