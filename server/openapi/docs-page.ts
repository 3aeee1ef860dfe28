// The browsable /api/docs page: Swagger UI (swagger-ui-dist, maintained by SmartBear) served from
// node_modules by this server, so it works offline and under the app's CSP (script-src 'self':
// no inline script, the start-up code is its own file; Swagger UI's inline styles are admitted by
// style-src 'unsafe-inline'). Links are relative to /api/docs so a path prefix on a proxy still works.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Gatehouse API</title>
    <link rel="stylesheet" href="docs/swagger-ui.css" />
    <link rel="stylesheet" href="docs/docs.css" />
    <link rel="icon" type="image/png" href="docs/favicon-32x32.png" />
  </head>
  <body>
    <main id="swagger-ui" aria-label="Gatehouse API"></main>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/docs.js"></script>
  </body>
</html>
`;

// No validator badge (it would call validator.swagger.io) and no "Try it out" by default: the
// page documents; a caller can still enable it per operation with a token.
const DOCS_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#swagger-ui',
    // A deep link puts an <a> inside each summary's <button>: a nested control for screen readers.
    deepLinking: false,
    validatorUrl: null,
    docExpansion: 'none',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

// Contrast fixes for Swagger UI's defaults that axe reports (grey on white under 4.5:1).
const DOCS_CSS = `body { margin: 0; background: #fff; }
.swagger-ui .info .title small pre, .swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description,
.swagger-ui .parameter__in, .swagger-ui .parameter__type, .swagger-ui .parameter__name.required span, .swagger-ui .prop-format, .swagger-ui .renderedMarkdown p { color: #3b4151; }
.swagger-ui .info .title small:not(.version-stamp) { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .url, .swagger-ui .info a { color: #0b5cad; }
.swagger-ui .btn.authorize { color: #166534; border-color: #166534; }
.swagger-ui .btn.authorize svg { color: #166534; }
.swagger-ui .opblock .opblock-summary-method { color: #fff; background: #1f2937; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b5cad; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #166534; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a3412; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
`;

export interface DocsAsset {
  type: string;
  body: Buffer;
}

const fromDist = (file: string, type: string) => (): DocsAsset => ({ type, body: readFileSync(join(dist, file)) });
const text = (body: string, type: string) => (): DocsAsset => ({ type, body: Buffer.from(body) });

/** The only files /api/docs/:file serves; anything else is a 404. */
export const DOCS_ASSETS: Record<string, () => DocsAsset> = {
  'swagger-ui.css': fromDist('swagger-ui.css', 'text/css; charset=utf-8'),
  'swagger-ui-bundle.js': fromDist('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
  'favicon-32x32.png': fromDist('favicon-32x32.png', 'image/png'),
  'docs.js': text(DOCS_JS, 'text/javascript; charset=utf-8'),
  'docs.css': text(DOCS_CSS, 'text/css; charset=utf-8'),
};
