import fp from 'fastify-plugin';

import { DocumentAnswers } from '@cti/contracts';
import { DomainError } from '@cti/service-kit';

import type { DocumentsConfig } from '../config';

import { loadRenderAssets } from './render-assets';
import { RenderPool, RendererBusy, RendererUnavailable, RenderTimeout, type RenderOptions } from './render-pool';

declare module 'fastify' {
  interface FastifyInstance {
    renderer: RenderPool;
  }
}

/**
 * The instance's warm browser: launched when the app is ready, closed with it. Without a
 * working Chromium the service still starts and serves everything but PDFs (503 with a
 * clear text); readiness says `degraded` and the launch is retried in the background.
 */
export const renderPlugin = fp<{ config: DocumentsConfig }>(
  async (app, { config }) => {
    const pool = new RenderPool({
      executablePath: config.CHROMIUM_PATH,
      size: config.RENDER_POOL_SIZE,
      queueMax: config.RENDER_QUEUE_MAX,
      timeoutMs: config.RENDER_TIMEOUT_MS,
      retryMaxMs: config.RENDER_RETRY_MAX_MS,
      assets: loadRenderAssets(),
      logger: app.log,
    });
    app.decorate('renderer', pool);
    app.readiness.set('renderer', () => (pool.state === 'up' ? true : 'degraded'));
    app.addHook('onReady', async () => {
      // a browser that fails to start is logged and retried by the pool; the service starts regardless
      await pool.start().catch(() => undefined);
    });
    app.addHook('onClose', async () => pool.close());
  },
  { name: 'documents-renderer' },
);

/** What a use-case that makes PDFs takes: the instance's pool (`app.renderer`), or anything that renders alike. */
export type Renderer = Pick<RenderPool, 'render'>;

/** HTML → PDF with the pool's failures as answers: no browser (503), busy (503), too slow (503), other (500). */
export async function renderPdf(renderer: Renderer, html: string, options?: RenderOptions): Promise<Buffer> {
  try {
    return await renderer.render(html, options);
  } catch (err) {
    if (err instanceof RendererUnavailable) throw new DomainError(503, DocumentAnswers.rendererUnavailable, { 'Retry-After': '30' });
    if (err instanceof RendererBusy) throw new DomainError(503, DocumentAnswers.renderBusy, { 'Retry-After': '2' });
    if (err instanceof RenderTimeout) throw new DomainError(503, 'The document took too long to render.');
    throw err;
  }
}
