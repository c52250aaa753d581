import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { ErrorBody, GroupEmailPayload, GroupPayload, GroupView, LogoView, MessageBody } from '@cti/contracts';
import { actorOf, claimsOf } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';

import { LOGOS } from './logos';
import { addGroup, editGroup, emailGroup, loadGroups, managerGroups } from './manage-groups';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };
const Groups = Type.Array(GroupView);

/** Groups admin and the group lists other screens use. */
export async function groupRoutes(app: IdentityApp, ctx: IdentityContext) {
  const admin = app.requireRule(RouteRules.adminOnly);
  const usersPage = app.requireRule(RouteRules.usersPage);

  app.get(
    '/api/group',
    { preHandler: admin, schema: { tags: ['groups'], summary: 'Every group', response: { 200: Groups, ...errors } } },
    async () => loadGroups(app.db, { withUsers: true }),
  );
  app.get(
    '/api/group/manager',
    { preHandler: usersPage, schema: { tags: ['groups'], summary: 'Groups the caller manages', response: { 200: Groups, ...errors } } },
    async (request) => managerGroups(app.db, claimsOf(request)),
  );
  app.get(
    '/api/group/ccOptions',
    {
      preHandler: usersPage,
      schema: {
        tags: ['groups'],
        summary: 'Carbon calculator groups (groups without a country)',
        description: 'Groups without CountryId (calculator groups).',
        response: { 200: Groups, ...errors },
      },
    },
    async () => loadGroups(app.db, { withoutCountry: true }),
  );
  app.get(
    '/api/group/countries',
    { preHandler: app.requireUser, schema: { tags: ['groups'], summary: 'Country groups', response: { 200: Groups, ...errors } } },
    async () => loadGroups(app.db, { type: 'Country' }),
  );
  app.get(
    '/api/logo',
    {
      preHandler: admin,
      schema: { tags: ['groups'], summary: 'Logos of the country groups', response: { 200: Type.Array(LogoView), ...errors } },
    },
    async () => [...LOGOS],
  );

  app.post(
    '/api/group',
    {
      preHandler: admin,
      schema: { tags: ['groups'], summary: 'Create a group', body: GroupPayload, response: { 200: GroupView, ...errors } },
    },
    async (request) => addGroup(app, actorOf(request), request.body),
  );
  app.post(
    '/api/group/edit',
    {
      preHandler: admin,
      schema: { tags: ['groups'], summary: 'Change a group', body: GroupPayload, response: { 200: GroupView, ...errors } },
    },
    async (request) => editGroup(app, actorOf(request), request.body),
  );
  app.post(
    '/api/group/email',
    {
      preHandler: admin,
      schema: {
        tags: ['groups'],
        summary: 'E-mail the members of a group',
        body: GroupEmailPayload,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => emailGroup(app, ctx.mailer, actorOf(request), request.body),
  );
}
