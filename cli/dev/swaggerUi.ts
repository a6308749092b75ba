import * as path from "node:path";

/** The files of the `swagger-ui-dist` package the explorer page loads, with their content types. */
const FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
};

/** The installed `swagger-ui-dist` package: the explorer is served from it, so `/docs` works offline. */
function packageFolder(): string {
  return path.dirname(require.resolve("swagger-ui-dist/package.json"));
}

/** One of the explorer's own files, by name; undefined for any other name. */
export function swaggerUiFile(name: string): { path: string; contentType: string } | undefined {
  const contentType = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  return contentType === undefined ? undefined : { path: path.join(packageFolder(), name), contentType };
}

/**
 * The explorer's request hook, run in the browser: Swagger UI percent-encodes a path parameter whole, so a
 * load-balanced `{route}` of `v1/generate` would go as `v1%2Fgenerate`, which the gateway refuses as an encoded slash.
 * Its slashes go as the path they name; the query is left as it is.
 */
export function routeSlashesAsPath<T extends { url: string }>(request: T): T {
  const [path = "", ...query] = request.url.split("?");
  request.url = [path.replace(/%2F/gi, "/"), ...query].join("?");
  return request;
}

/** The explorer page, showing the OpenAPI document at `documentUrl`; its assets are under `/docs/`. */
export function swaggerUiPage(documentUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>computeplatform dev: API explorer</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script>
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(documentUrl)},
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  requestInterceptor: ${routeSlashesAsPath.toString()},
});
</script>
</body>
</html>
`;
}
