/** The `/docs` explorer: one HTML page listing every operation of an OpenAPI document, each with a "Try it" form. */

interface Parameter {
  name: string;
  in: string;
  description?: string;
}

/** A body is one component schema, or exactly one of several. */
type BodySchema = { $ref: string } | { oneOf: Array<{ $ref: string }> };

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: BodySchema }> };
  responses: Record<string, { description?: string; $ref?: string }>;
}

interface Document {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { description: string }> };
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderDocs(document: Document): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => renderOperation(document, path, method, operation as Operation)),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(document.info.title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
details { border: 1px solid #d5dae3; border-radius: 6px; margin: .5rem 0; padding: .5rem .8rem; }
summary { cursor: pointer; }
.method { display: inline-block; min-width: 4.5rem; font-weight: 700; text-transform: uppercase; }
code, pre, textarea, input { font: 13px ui-monospace, monospace; }
pre { background: #f4f6fa; padding: .6rem; overflow: auto; }
textarea { width: 100%; min-height: 6rem; }
</style>
</head>
<body>
<h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p>${escape(document.info.description)}</p>
<p><a href="/v2/openapi.json">OpenAPI description</a> ·
<label>API key <input id="api-key" placeholder="the emulator's API key" size="30"></label></p>
${operations.join("\n")}
<script>
async function tryIt(form) {
  let path = form.dataset.path;
  for (const input of form.querySelectorAll("input[data-in=path]")) path = path.replace("{" + input.name + "}", encodeURIComponent(input.value));
  const query = new URLSearchParams();
  for (const input of form.querySelectorAll("input[data-in=query]")) if (input.value) query.set(input.name, input.value);
  const headers = { authorization: "Bearer " + document.getElementById("api-key").value };
  const body = form.querySelector("textarea");
  if (body) headers["content-type"] = "application/json";
  const response = await fetch(path + (query.size ? "?" + query : ""), { method: form.dataset.method, headers, body: body ? body.value : undefined });
  form.querySelector("output").textContent = response.status + " " + response.statusText + "\\n\\n" + await response.text();
}
</script>
</body>
</html>
`;
}

function renderOperation(document: Document, path: string, method: string, operation: Operation): string {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== "header");
  const body = operation.requestBody?.content["application/json"]?.schema;
  const bodyRefs = body === undefined ? [] : "oneOf" in body ? body.oneOf : [body];
  const bodySchemas = bodyRefs.map(({ $ref }) => $ref.slice($ref.lastIndexOf("/") + 1));
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => `<li><code>${status}</code> ${escape(describeResponse(document, response))}</li>`)
    .join("");
  return `<details id="${escape(operation.operationId)}">
<summary><span class="method">${method}</span> <code>${escape(path)}</code> — ${escape(operation.summary)}</summary>
${operation.description === undefined ? "" : `<pre>${escape(operation.description)}</pre>`}
${bodySchemas.length === 0 ? "" : `<p>${bodySchemas.length > 1 ? "Body, one of" : "Body"}: ${bodySchemas.map((name) => `<code>${escape(name)}</code>`).join(", ")}</p>`}
${bodySchemas.map((name) => `<pre>${escape(JSON.stringify(document.components.schemas[name], null, 2))}</pre>`).join("\n")}
<ul>${responses}</ul>
<form data-path="${escape(path)}" data-method="${method.toUpperCase()}" onsubmit="tryIt(this); return false">
${parameters.map((parameter) => `<label>${escape(parameter.name)} <input name="${escape(parameter.name)}" data-in="${escape(parameter.in)}"></label>`).join(" ")}
${bodySchemas.length === 0 ? "" : "<textarea>{}</textarea>"}
<button>Try it</button>
<pre><output></output></pre>
</form>
</details>`;
}

/** A response's own description, else that of the shared response it references. */
function describeResponse(document: Document, response: { description?: string; $ref?: string }): string {
  const shared = response.$ref === undefined ? undefined : document.components.responses[response.$ref.split("/").pop() ?? ""];
  return response.description ?? shared?.description ?? "";
}
