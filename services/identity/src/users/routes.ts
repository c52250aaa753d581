import { claimsOf, type ServiceApp } from '@cti/service-kit';
import { ErrorBody, MessageBody } from '@cti/contracts';
import { agreeToTerms } from './agree';

export async function userRoutes(app: ServiceApp) {
  app.get(
    '/api/user/agree',
    { preHandler: app.requireUser, schema: { tags: ['users'], response: { 200: MessageBody, 401: ErrorBody } } },
    async (request) => {
      await agreeToTerms(app, claimsOf(request));
      return { message: 'Agreed' };
    },
  );
}
