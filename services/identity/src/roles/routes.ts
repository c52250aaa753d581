import { AllRoles, CcRoleNames, CtcRoleNames, RoleDescriptions, RoleIds, RoleLabels } from '@cti/access';
import { EmailParam, ErrorBody, RoleList } from '@cti/contracts';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';

import { rolesByEmail } from './roles-by-email';

const list = (names: readonly (keyof typeof RoleIds)[]) => names.map((Name) => ({ Id: RoleIds[Name], Name }));

/**
 * Role lists: all roles (with label and description), the compliance-index (ctc) and carbon-calculator
 * (cc) lists that decide the login chooser's buttons, and one user's roles by e-mail.
 */
export async function roleRoutes(app: IdentityApp, ctx: IdentityContext) {
  const schema = { tags: ['roles'], response: { 200: RoleList, 429: ErrorBody } };
  // every role with its plain-language label and meaning, for the role picker
  const described = AllRoles.map((r) => ({ ...r, Label: RoleLabels[r.Name], Description: RoleDescriptions[r.Name] }));
  app.get('/api/roles', { schema: { ...schema, summary: 'Every role' } }, async () => described);
  app.get('/api/roles/ctc', { schema: { ...schema, summary: 'Roles of the Compliance Index site (the login chooser)' } }, async () =>
    list(CtcRoleNames),
  );
  app.get('/api/roles/cc', { schema: { ...schema, summary: 'Roles of the carbon calculator site (the login chooser)' } }, async () =>
    list(CcRoleNames),
  );

  app.get(
    '/api/roles/by/email/:email',
    {
      schema: {
        summary: 'A user’s active roles, by e-mail',
        ...schema,
        params: EmailParam,
        description:
          'A user’s active roles, for the signed-in user themself, admins and the user’s managers. Anyone else gets an empty list, the same for known and unknown addresses: the chooser learns what a visitor may enter only once they have signed in. Rate-limited per IP.',
      },
    },
    async (request) =>
      rolesByEmail(app, { caller: request.principal, ip: request.ip, email: request.params.email }, ctx.config.ROLE_LOOKUP_RATE_PER_IP),
  );
}
