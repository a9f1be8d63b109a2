/**
 * The API docs page (/api/docs), written out from the OpenAPI document on the server: plain,
 * semantic HTML with no script, so it reads the same in a screen reader, a text browser and
 * print, and keeps to the server's Content-Security-Policy. Scalar's reference (1.72, served
 * locally under the same policy) was tried first: axe found 54 colour-contrast failures, 4 buttons
 * without a name and 4 targets too small, so the reference is written here instead.
 */

type Json = Record<string, unknown>;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `code` spans of the document's descriptions, and nothing else of markdown. */
const prose = (text: unknown) =>
  typeof text === 'string' ? escape(text).replace(/`([^`]+)`/g, '<code>$1</code>') : '';

const slug = (method: string, path: string) =>
  `${method}-${path}`
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** A string or number field of the document as text; anything else as nothing. */
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function example(label: string, value: unknown): string {
  if (value === undefined) return '';
  return `<figure><figcaption>${escape(label)}</figcaption><pre tabindex="0"><code>${escape(pretty(value))}</code></pre></figure>`;
}

function schemaName(content: Json | undefined): string {
  const schema = (content?.schema ?? {}) as Json;
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').at(-1) : undefined;
  return ref ? `<a href="#schema-${escape(ref)}">${escape(ref)}</a>` : escape(str(schema.type));
}

function operation(method: string, path: string, op: Json, schemes: Json): string {
  const id = slug(method, path);
  const security = ((op.security ?? []) as Json[]).flatMap((s) => Object.keys(s));
  const auth = security
    .map((name) => prose(((schemes[name] ?? {}) as Json).description ?? name))
    .join(' or ');
  const parameters = (op.parameters ?? []) as Json[];
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>);
  return `<section aria-labelledby="${id}">
<h3 id="${id}"><span class="method">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${prose(op.summary)}.${op.description ? ` ${prose(op.description)}` : ''}</p>
${auth ? `<p><strong>Authentication:</strong> ${auth}.</p>` : ''}
${
  parameters.length
    ? `<table><caption>Path parameters of ${method.toUpperCase()} ${escape(path)}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Example</th></tr></thead><tbody>
${parameters
  .map(
    (p) =>
      `<tr><th scope="row"><code>${escape(str(p.name))}</code></th><td>${escape(str(((p.schema ?? {}) as Json).format) || str(((p.schema ?? {}) as Json).type))}</td><td><code>${escape(str(p.example))}</code></td></tr>`,
  )
  .join('\n')}
</tbody></table>`
    : ''
}
${
  body
    ? Object.entries(body)
        .map(
          ([type, content]) =>
            `<p><strong>Request body</strong> (${escape(type)}): ${schemaName(content)}</p>${example('Example request', content.example)}`,
        )
        .join('\n')
    : ''
}
<h4>Responses</h4>
<dl>
${responses
  .map(([status, response]) => {
    const contents = Object.entries((response.content ?? {}) as Record<string, Json>);
    return `<dt><code>${escape(status)}</code></dt><dd><p>${prose(response.description)}${
      contents.length ? ` ${contents.map(([type, c]) => `${escape(type)}: ${schemaName(c)}`).join('; ')}` : ''
    }</p>${contents.map(([type, c]) => example(`Example ${status} (${type})`, c.example)).join('')}</dd>`;
  })
  .join('\n')}
</dl>
</section>`;
}

function schemaSection(name: string, schema: Json): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const required = new Set((schema.required ?? []) as string[]);
  const type = (p: Json): string => {
    if (typeof p.$ref === 'string') return p.$ref.split('/').at(-1) ?? '';
    if (p.type === 'array') return `array of ${type((p.items ?? {}) as Json)}`;
    if (Array.isArray(p.enum)) return `one of ${p.enum.map(String).join(', ')}`;
    if (Array.isArray(p.anyOf)) return (p.anyOf as Json[]).map(type).join(' or ');
    return str(p.format) || str(p.type) || 'any';
  };
  return `<section aria-labelledby="schema-${escape(name)}">
<h3 id="schema-${escape(name)}">${escape(name)}</h3>
${
  properties.length
    ? `<table><caption>Fields of ${escape(name)}</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>
${properties
  .map(
    ([field, p]) =>
      `<tr><th scope="row"><code>${escape(field)}</code></th><td>${escape(type(p))}</td><td>${required.has(field) ? 'yes' : 'no'}</td><td>${prose(p.description)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`
    : ''
}
</section>`;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1a1a1a; --bg: #ffffff; --muted: #4a4a4a; --code: #f3f3f3; --line: #8a8a8a; --link: #0b57d0; }
@media (prefers-color-scheme: dark) { :root { --fg: #f2f2f2; --bg: #121212; --muted: #cfcfcf; --code: #262626; --line: #8a8a8a; --link: #9ec3ff; } }
body { margin: 0; font: 1.0625rem/1.6 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
a { color: var(--link); }
a:focus-visible, pre:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
code, pre { font-family: ui-monospace, monospace; font-size: .95em; }
pre { background: var(--code); padding: .75rem; overflow: auto; border-radius: 4px; white-space: pre-wrap; word-break: break-word; }
.method { font-weight: 700; }
section { border-top: 1px solid var(--line); margin-top: 1.5rem; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; }
caption { text-align: left; font-weight: 600; color: var(--muted); }
th, td { border: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; }
figure { margin: .5rem 0; } figcaption { color: var(--muted); }
dt { font-weight: 700; margin-top: .5rem; }
`;

/** The whole page for the document. */
export function renderDocsPage(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const components = (doc.components ?? {}) as Json;
  const schemes = (components.securitySchemes ?? {}) as Json;
  const schemas = Object.entries((components.schemas ?? {}) as Record<string, Json>);
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const byTag = new Map<string, typeof operations>();
  for (const entry of operations) {
    const tag = ((entry.op.tags ?? ['Other']) as string[])[0] ?? 'Other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), entry]);
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(str(info.title) || 'API')}: reference</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#content">Skip to the reference</a>
<main id="content">
<h1>${escape(str(info.title) || 'API')}</h1>
<p>${prose(info.description)}</p>
<p>Version ${escape(str(info.version))}. The same description as OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<nav aria-label="Calls">
<h2>Calls</h2>
<ul>
${operations.map(({ path, method, op }) => `<li><a href="#${slug(method, path)}">${method.toUpperCase()} ${escape(path)}</a>: ${prose(op.summary)}</li>`).join('\n')}
</ul>
</nav>
${[...byTag]
  .map(
    ([tag, entries]) =>
      `<section aria-labelledby="tag-${slug('tag', tag)}"><h2 id="tag-${slug('tag', tag)}">${escape(tag)}</h2>
${entries.map(({ path, method, op }) => operation(method, path, op, schemes)).join('\n')}</section>`,
  )
  .join('\n')}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>
${schemas.map(([name, schema]) => schemaSection(name, schema)).join('\n')}
</section>
</main>
</body>
</html>`;
}
