import Type from 'typebox';

import { RouteRules } from '@cti/access';
import {
  AccessRequestView,
  ApprovalPayload,
  ErrorBody,
  ExternalApprovalPayload,
  ExternalRequestPayload,
  IdParam,
  MessageBody,
} from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';

import {
  approveExternalRequest,
  approveRequest,
  createExternalRequest,
  denyRequest,
  fileAccessRequest,
  listAccessRequests,
} from './access-requests';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The access-request queue. */
export async function requestRoutes(app: IdentityApp, ctx: IdentityContext) {
  const admin = app.requireRule(RouteRules.adminOnly);

  app.get(
    '/api/request',
    {
      preHandler: admin,
      schema: {
        tags: ['requests'],
        summary: 'Access requests (the request queue)',
        response: { 200: Type.Array(AccessRequestView), ...errors },
      },
    },
    async () => listAccessRequests(app.db),
  );
  app.post(
    '/api/request/external/create',
    {
      preHandler: app.requireRule(RouteRules.usersPage),
      schema: {
        tags: ['requests'],
        summary: 'File an access request from another site',
        body: ExternalRequestPayload,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => createExternalRequest(app, claimsOf(request), request.body),
  );
  app.post(
    '/api/request/approve',
    {
      preHandler: admin,
      schema: {
        tags: ['requests'],
        summary: 'Approve an access request with roles and groups',
        body: ApprovalPayload,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => approveRequest(app, ctx, claimsOf(request), request.body),
  );
  app.post(
    '/api/request/external/approve',
    {
      preHandler: admin,
      schema: {
        tags: ['requests'],
        summary: 'Approve an external access request',
        body: ExternalApprovalPayload,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => approveExternalRequest(app, ctx, claimsOf(request), request.body),
  );
  app.get(
    '/api/request/deny/:id',
    {
      preHandler: admin,
      schema: { tags: ['requests'], summary: 'Deny an access request', params: IdParam, response: { 200: MessageBody, ...errors } },
    },
    async (request) => denyRequest(app, claimsOf(request), request.params.id),
  );

  // other applications (the carbon calculator site) file regular access requests here
  app.post(
    '/internal/requests',
    {
      preHandler: app.requireService,
      schema: {
        hide: true,
        body: Type.Object({
          Email: Type.String({ maxLength: 320 }),
          Type: Type.String({ maxLength: 100 }),
          Organization: Type.String({ maxLength: 400 }),
          OrganizationAddress: Type.Optional(Type.String({ maxLength: 1000 })),
          Reasoning: Type.Optional(Type.String({ maxLength: 5000 })),
          Name: Type.String({ maxLength: 400 }),
          Title: Type.Optional(Type.String({ maxLength: 200 })),
          Users: Type.Optional(
            Type.Array(
              Type.Object({
                Email: Type.String({ maxLength: 320 }),
                Name: Type.String({ maxLength: 400 }),
                Title: Type.Optional(Type.String({ maxLength: 200 })),
              }),
              { maxItems: 50 },
            ),
          ),
        }),
        response: { 200: Type.Object({ Id: Type.String() }), 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const b = request.body;
      const id = await fileAccessRequest(app, {
        email: b.Email,
        type: b.Type,
        organization: b.Organization,
        organizationAddress: b.OrganizationAddress,
        reasoning: b.Reasoning,
        name: b.Name,
        title: b.Title,
        extraUsers: (b.Users ?? []).map((u) => ({ email: u.Email, name: u.Name, title: u.Title })),
      });
      return { Id: id };
    },
  );
}
