import { UserEditPolicy } from '@cti/access';
import {
  type AccessClaims,
  type EventActor,
  GROUP_NAME_MAX_LENGTH,
  GroupAnswers,
  type GroupEmailPayload,
  type GroupPayload,
  type GroupType,
  GroupTypes,
  type GroupView,
  isSafeLogoPath,
  isUuid,
} from '@cti/contracts';
import { appendToOutbox, BadRequest, Conflict, DomainError, freeText, NotFound, principalOf, type DataAccess } from '@cti/service-kit';

import { isEmail, normalizeEmail } from '../accounts/passwords';
import type { IdentityDB, IdentityExecutor } from '../db';
import { queueMail, type Mailer } from '../mail/mailer';
import { MailTemplates } from '../mail/templates';

import { createGroup } from './create-group';
import { countryCodeOfLogo } from './logos';
import { findGroupById, findGroupByName, groupRows, membersOfGroups, updateGroup, type GroupRowFilter } from './repository';

type GroupFilter = GroupRowFilter & { withUsers?: boolean };

/** Groups as the accounts data model shows them, sorted by name; members only when asked for. */
export async function loadGroups(db: IdentityExecutor, filter: GroupFilter = {}): Promise<GroupView[]> {
  if (filter.ids && !filter.ids.length) return [];
  const groups = await groupRows(db, filter);
  const members =
    filter.withUsers && groups.length
      ? await membersOfGroups(
          db,
          groups.map((g) => g.id),
        )
      : [];
  return groups.map((g) => ({
    Id: g.id,
    Name: g.name,
    Type: g.type,
    LogoPath: g.logoPath,
    CountryId: g.countryId,
    Users: members.filter((m) => m.groupId === g.id).map((m) => ({ Id: m.id, Name: m.name, Email: m.email })),
  }));
}

/** `GET api/group/manager`: the groups a user administrator works with (admins: all). */
export function managerGroups(db: IdentityExecutor, caller: AccessClaims) {
  const p = principalOf(caller);
  return loadGroups(db, { ids: UserEditPolicy.isAdmin(p) ? undefined : caller.groups, withUsers: true });
}

interface CleanGroup {
  name: string;
  type: GroupType;
  logoPath: string | null;
  countryId: string | null;
}

/**
 * Name and Type required (the name normalised, and unique as such); LogoPath only for Country,
 * and only a web address or a path of the platform (see `isSafeLogoPath`); CountryId from its flag.
 */
function validateGroup(payload: GroupPayload): CleanGroup {
  const name = freeText('Name', payload.Name, GROUP_NAME_MAX_LENGTH);
  const type = payload.Type.trim() as GroupType;
  if (!name || !type) throw new BadRequest(GroupAnswers.missingFields);
  if (!GroupTypes.includes(type)) throw new BadRequest(`Type must be one of ${GroupTypes.join(', ')}.`);
  if (type !== 'Country') return { name, type, logoPath: null, countryId: null };
  const logoPath = payload.LogoPath?.trim() || null;
  if (logoPath && !isSafeLogoPath(logoPath)) throw new BadRequest(GroupAnswers.badLogoPath);
  const countryId = (payload.CountryId?.trim() || (logoPath ? countryCodeOfLogo(logoPath) : null))?.toUpperCase() ?? null;
  return { name, type, logoPath, countryId };
}

/** `POST api/group`: add a group (admin). */
export async function addGroup(data: DataAccess<IdentityDB>, actor: EventActor | null, payload: GroupPayload): Promise<GroupView> {
  const clean = validateGroup(payload);
  const id = await data.inTransaction((trx) => createGroup(trx, clean, actor));
  return (await loadGroups(data.db, { ids: [id] }))[0];
}

/** `POST api/group/edit`: edit a group (admin); scoring and questionnaire update their projections from the event. */
export async function editGroup(data: DataAccess<IdentityDB>, actor: EventActor | null, payload: GroupPayload): Promise<GroupView> {
  if (!payload.Id || !isUuid(payload.Id)) throw new NotFound('Group not found');
  const clean = validateGroup(payload);
  const id = payload.Id;
  await data.inTransaction(async (trx) => {
    if (!(await findGroupById(trx, id))) throw new NotFound('Group not found');
    const sameName = await findGroupByName(trx, clean.name);
    if (sameName && sameName.id !== id) throw new Conflict(GroupAnswers.exists);
    await updateGroup(trx, id, clean, data.clock.now());
    await appendToOutbox(trx, {
      type: 'evt.identity.group.updated',
      actor,
      data: { groupId: id, name: clean.name, type: clean.type, countryId: clean.countryId, logoPath: clean.logoPath },
    });
  });
  return (await loadGroups(data.db, { ids: [id] }))[0];
}

/**
 * `POST api/group/email`: Subject and Message required; To are members
 * of the group, CC any e-mail addresses. Every recipient gets a mail of their own, so nobody
 * sees another's address: the first is sent now (the answer says if it left), the others
 * follow through the mail queue (retried like any mail).
 */
export async function emailGroup(
  data: DataAccess<IdentityDB>,
  mailer: Pick<Mailer, 'deliverNow' | 'kick'>,
  actor: EventActor | null,
  payload: GroupEmailPayload,
): Promise<{ message: string }> {
  const message = payload.Message.trim();
  const subject = payload.Subject.trim();
  if (!message) throw new BadRequest(GroupAnswers.missingMessage);
  if (!subject) throw new BadRequest(GroupAnswers.missingSubject);
  if (!isUuid(payload.Group)) throw new NotFound('Group not found');
  const [group] = await loadGroups(data.db, { ids: [payload.Group], withUsers: true });
  if (!group) throw new NotFound('Group not found');
  const to = group.Users.filter((u) => payload.To.includes(u.Id)).map((u) => u.Email);
  if (to.length !== new Set(payload.To).size) throw new BadRequest('Every To recipient must be a member of the group.');
  const cc = [...new Set(payload.CC.map((c) => c.trim()).filter(Boolean))];
  if (cc.some((c) => !isEmail(c))) throw new BadRequest('Every CC must be an e-mail address.');
  if (!to.length && !cc.length) throw new BadRequest('Please choose at least one recipient.');
  const content = MailTemplates.groupEmail(group.Name, subject, message);
  const recipients = [...new Set([...to, ...cc.map(normalizeEmail)])];
  const [first] = await data.inTransaction(async (trx) => {
    const ids: string[] = [];
    for (const [i, address] of recipients.entries())
      ids.push(await queueMail(trx, { to: [address], ...content, kind: 'group-email' }, { interactive: i === 0 }));
    await appendToOutbox(trx, {
      type: 'evt.identity.group.emailed',
      actor,
      data: { groupId: group.Id, name: group.Name, subject, recipients: [...to, ...cc] },
    });
    return ids;
  });
  const outcome = await mailer.deliverNow(first);
  mailer.kick();
  if (outcome === 'failed') throw new DomainError(502, 'An error occured. Please try again later.');
  return { message: GroupAnswers.messageSent };
}
