import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import type { AppContext } from '../../context.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';

/** Swagger UI's own files, served from its npm package: the docs page loads nothing from elsewhere. */
const SWAGGER_UI_DIR = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Kindred API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

// A file of its own rather than an inline script: the site's CSP allows scripts from 'self' only.
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/** GET /api/openapi.json (the document) and GET /api/docs (Swagger UI over it). */
export function apiDocsRoutes(context: AppContext): Router {
  const router = Router();
  // Built on first request, then kept: the route table does not change while the process runs.
  let document: OpenApiDocument | undefined;
  router.get('/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument({ serverUrl: context.config.publicUrl });
    res.setHeader('Cache-Control', 'no-cache');
    res.json(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(DOCS_PAGE);
  });
  // Static assets of the page, not API routes (the route table lists the page itself).
  router.use('/docs/start.js', (_req, res) => {
    res.type('application/javascript').send(START_SCRIPT);
  });
  router.use(
    '/docs/assets',
    express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1d', fallthrough: false }),
  );
  return router;
}
