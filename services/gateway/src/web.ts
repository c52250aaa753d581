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
    setHeaders: (res, filePath) => {
      // hashed assets never change; index.html always revalidates
      res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0]!);
    if (urlPath.startsWith('/internal/')) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    const file = path.join(root, urlPath);
    if (file.startsWith(root + path.sep) && path.extname(file) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file));
    }
    // a missing build file is a 404; any other path is a screen of the app (even /pdf/<name>.pdf)
    const topLevel = urlPath.split('/')[1] ?? '';
    const isBuildFile = urlPath.split('/').length === 2 || fs.existsSync(path.join(root, topLevel));
    if (path.extname(urlPath) && isBuildFile && !urlPath.endsWith('.html')) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
