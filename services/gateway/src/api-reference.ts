import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

import type { FastifyInstance } from 'fastify';

import { apiReferencePolicy } from './security-headers';

/**
 * The reference page: Redoc's standalone bundle renders the document of /api/v1/openapi.json. No
 * inline script or style: the first script hands the request's style nonce on (see STYLE_NONCE).
 */
const pageOf = (nonce: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Compliance Index API reference</title>
    <meta name="description" content="The Compliance Index API for personal API keys: routes, answers, rate limits, exports." />
    <script src="/api/v1/docs/style-nonce.js" nonce="${nonce}"></script>
  </head>
  <body>
    <redoc spec-url="/api/v1/openapi.json" expand-responses="200" required-props-first="true"></redoc>
    <script src="/api/v1/docs/redoc.standalone.js"></script>
  </body>
</html>
`;

/**
 * Redoc styles itself with `<style>` elements it creates in the page (styled-components, and the
 * scrollbar's CSS as the bundle loads, before Redoc's own `nonce` option is read). This script runs
 * first and gives every `<style>` element a script creates the nonce of the page's policy, so those
 * styles apply while style markup injected into the page (no nonce) stays refused.
 */
const STYLE_NONCE = `(function () {
  var nonce = document.currentScript.nonce;
  var createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (name, options) {
    var element = createElement.call(this, name, options);
    if (String(name).toLowerCase() === 'style') element.nonce = nonce;
    return element;
  };
})();
`;

/**
 * Redoc's sidebar shows a logo from Redocly's CDN: the page loads nothing from elsewhere, so the
 * image is an empty one (the link "API docs by Redocly" stays).
 */
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const NO_LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E';

/**
 * `/api/v1/docs`: the API's reference for people, Redoc served from its npm package (no CDN), under
 * a policy of its own (security-headers.ts: the web app's, with Redoc's nonce'd styles and its
 * search worker).
 */
export async function apiReferenceRoutes(app: FastifyInstance) {
  const bundle = fs.readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll(CDN_LOGO, NO_LOGO);
  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', apiReferencePolicy(nonce))
      .send(pageOf(nonce));
  });
  app.get('/style-nonce.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(STYLE_NONCE),
  );
  app.get('/redoc.standalone.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(bundle),
  );
}
