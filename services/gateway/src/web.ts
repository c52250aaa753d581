import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app with history fallback: any GET that is not an API or
 * asset request answers index.html, and the router in the browser takes over.
 */
export async function webRoutes(app: FastifyInstance, opts: { dist: string }) {
  const root = path.resolve(opts.dist);
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ root }, 'web app not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // the web build writes .br/.gz copies of its text files; send them to browsers that accept them
    preCompressed: true,
    // source maps are for developers (the build keeps them outside this folder): never served
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (res, filePath) => {
      // hashed assets never change; index.html always revalidates
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // with wildcard off, every build file is a route of its own; these are the folders they live in
  const buildFolders = new Set(
    fs
      .readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  );
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]);
    const segments = urlPath.split('/');
    // a missing build file is a 404; any other path is a screen of the app (even /pdf/<name>.pdf)
    const inBuild = segments.length === 2 || buildFolders.has(segments[1]);
    if (path.extname(urlPath) && inBuild && !urlPath.endsWith('.html')) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
