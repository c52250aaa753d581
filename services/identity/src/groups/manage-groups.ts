import type { FastifyRequest } from 'fastify';

import { UserEditPolicy } from '@cti/access';
import {
  GroupAnswers,
  GroupTypes,
  type AccessClaims,
  type GroupEmailPayload,
  type GroupPayload,
  type GroupType,
  type GroupView,
} from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, BadRequest, Conflict, DomainError, NotFound, actorOf, principalOf } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityExecutor, IdentityApp } from '../db';
import { queueMail } from '../mail/mailer';
import { MailTemplates } from '../mail/templates';
import { isEmail, normalizeEmail } from '../users/passwords';
import { isUuid } from '../users/user-views';

import { createGroup, findGroupByName } from './create-group';
import { countryCodeOfLogo } from './logos';

type GroupFilter = { ids?: readonly string[]; withoutCountry?: boolean; type?: GroupType; withUsers?: boolean };

/** Groups as the accounts data model shows them, sorted by name; members only when asked for. */
export async function loadGroups(db: IdentityExecutor, filter: GroupFilter = {}): Promise<GroupView[]> {
  let query = db.selectFrom('groups').select(['id', 'name', 'type', 'logoPath', 'countryId']).orderBy('name');
  if (filter.ids) {
    if (!filter.ids.length) return [];
    query = query.where('id', 'in', [...filter.ids]);
  }
  if (filter.withoutCountry) query = query.where('countryId', 'is', null);
  if (filter.type) query = query.where('type', '=', filter.type);
  const groups = await query.execute();
  const members =
    filter.withUsers && groups.length
      ? await db
          .selectFrom('userGroups')
          .innerJoin('users', 'users.id', 'userGroups.userId')
          .select(['userGroups.groupId', 'users.id', 'users.name', 'users.email'])
          .where(
            'userGroups.groupId',
            'in',
            groups.map((g) => g.id),
          )
          .where('users.isFree', '=', false)
          .orderBy('users.name')
          .execute()
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
export function managerGroups(app: IdentityApp, caller: AccessClaims) {
  const p = principalOf(caller);
  return loadGroups(app.db, { ids: UserEditPolicy.isAdmin(p) ? undefined : caller.groups, withUsers: true });
}

interface CleanGroup {
  name: string;
  type: GroupType;
  logoPath: string | null;
  countryId: string | null;
}

/** Name and Type required; LogoPath only for Country, CountryId from its flag. */
function validateGroup(payload: GroupPayload): CleanGroup {
  const name = payload.Name.trim();
  const type = payload.Type.trim() as GroupType;
  if (!name || !type) throw new BadRequest(GroupAnswers.missingFields);
  if (!GroupTypes.includes(type)) throw new BadRequest(`Type must be one of ${GroupTypes.join(', ')}.`);
  if (type !== 'Country') return { name, type, logoPath: null, countryId: null };
  const logoPath = payload.LogoPath?.trim() || null;
  const countryId = (payload.CountryId?.trim() || (logoPath ? countryCodeOfLogo(logoPath) : null))?.toUpperCase() ?? null;
  return { name, type, logoPath, countryId };
}

/** `POST api/group`: add a group (admin). */
export async function addGroup(app: IdentityApp, request: FastifyRequest, payload: GroupPayload): Promise<GroupView> {
  const clean = validateGroup(payload);
  const id = await app.inTransaction((trx) => createGroup(trx, clean, actorOf(request)));
  return (await loadGroups(app.db, { ids: [id] }))[0];
}

/** `POST api/group/edit`: edit a group (admin); scoring and questionnaire update their projections from the event. */
export async function editGroup(app: IdentityApp, request: FastifyRequest, payload: GroupPayload): Promise<GroupView> {
  if (!payload.Id || !isUuid(payload.Id)) throw new NotFound('Group not found');
  const clean = validateGroup(payload);
  const id = payload.Id;
  await app.inTransaction(async (trx) => {
    const group = await trx.selectFrom('groups').select(['id']).where('id', '=', id).executeTakeFirst();
    if (!group) throw new NotFound('Group not found');
    const sameName = await findGroupByName(trx, clean.name);
    if (sameName && sameName.id !== id) throw new Conflict(GroupAnswers.exists);
    await trx
      .updateTable('groups')
      .set({ name: clean.name, type: clean.type, logoPath: clean.logoPath, countryId: clean.countryId, updatedAt: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.identity.group.updated',
      actor: actorOf(request),
      data: { groupId: id, name: clean.name, type: clean.type, countryId: clean.countryId, logoPath: clean.logoPath },
    });
  });
  return (await loadGroups(app.db, { ids: [id] }))[0];
}

/**
 * `POST api/group/email`: Subject and Message required; To are members
 * of the group, CC any e-mail addresses. One mail, sent now: the answer says if it left.
 */
export async function emailGroup(
  app: IdentityApp,
  ctx: IdentityContext,
  request: FastifyRequest,
  payload: GroupEmailPayload,
): Promise<{ message: string }> {
  const message = payload.Message.trim();
  const subject = payload.Subject.trim();
  if (!message) throw new BadRequest(GroupAnswers.missingMessage);
  if (!subject) throw new BadRequest(GroupAnswers.missingSubject);
  if (!isUuid(payload.Group)) throw new NotFound('Group not found');
  const db = app.db;
  const [group] = await loadGroups(db, { ids: [payload.Group], withUsers: true });
  if (!group) throw new NotFound('Group not found');
  const to = group.Users.filter((u) => payload.To.includes(u.Id)).map((u) => u.Email);
  if (to.length !== new Set(payload.To).size) throw new BadRequest('Every To recipient must be a member of the group.');
  const cc = [...new Set(payload.CC.map((c) => c.trim()).filter(Boolean))];
  if (cc.some((c) => !isEmail(c))) throw new BadRequest('Every CC must be an e-mail address.');
  if (!to.length && !cc.length) throw new BadRequest('Please choose at least one recipient.');
  const content = MailTemplates.groupEmail(group.Name, subject, message);
  const recipients = to.length ? to : cc;
  const mailId = await app.inTransaction(async (trx) => {
    const id = await queueMail(
      trx,
      { to: recipients, cc: to.length ? cc.map(normalizeEmail) : [], ...content, kind: 'group-email' },
      { interactive: true },
    );
    await appendToOutbox(trx, {
      type: 'evt.identity.group.emailed',
      actor: actorOf(request),
      data: { groupId: group.Id, name: group.Name, subject, recipients: [...to, ...cc] },
    });
    return id;
  });
  if ((await ctx.mailer.deliverNow(mailId)) === 'failed') throw new DomainError(502, 'An error occured. Please try again later.');
  return { message: GroupAnswers.messageSent };
}
