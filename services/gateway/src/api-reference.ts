import fs from 'node:fs';

import type { FastifyInstance } from 'fastify';

/** The reference page: Redoc's standalone bundle renders the document of /api/v1/openapi.json (no inline script or style). */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Compliance Index API reference</title>
    <meta name="description" content="The Compliance Index API for personal API keys: routes, answers, rate limits, exports." />
  </head>
  <body>
    <redoc spec-url="/api/v1/openapi.json" expand-responses="200" required-props-first="true"></redoc>
    <script src="/api/v1/docs/redoc.standalone.js"></script>
  </body>
</html>
`;

/**
 * `/api/v1/docs`: the API's reference for people, Redoc served from its npm package (no CDN),
 * under the web app's Content Security Policy (security-headers.ts treats these paths as pages).
 */
export async function apiReferenceRoutes(app: FastifyInstance) {
  const bundle = fs.readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'));
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE),
  );
  app.get('/redoc.standalone.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(bundle),
  );
}
