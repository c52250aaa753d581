import Type from 'typebox';

import { ErrorBody } from '@cti/contracts';

import type { CommerceApp } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';
import { WebhookRefused } from '../payments/provider';

import { handleWebhook } from './handle-webhook';

const Received = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() });

/**
 * POST /api/payment/webhook: the provider's notifications. The body is kept raw
 * (the gateway forwards it byte for byte) because the signature covers the exact bytes.
 */
export async function webhookRoutes(app: CommerceApp, opts: { payments: PaymentDeps }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post(
    '/api/payment/webhook',
    { schema: { tags: ['payments'], hide: true, response: { 200: Received, 400: ErrorBody } } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
      const signature = request.headers['stripe-signature'];
      try {
        const outcome = await handleWebhook(opts.payments, raw, Array.isArray(signature) ? signature[0] : signature);
        return { received: true, duplicate: outcome === 'duplicate' };
      } catch (err) {
        if (err instanceof WebhookRefused) {
          request.log.warn({ reason: err.message }, 'webhook refused');
          return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'Webhook signature verification failed' });
        }
        throw err;
      }
    },
  );
}
