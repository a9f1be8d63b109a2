import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { renderDocsPage } from '../../../../src/server/projects/docs-page';
import { openApiDocument } from '../../../../src/server/projects/openapi';

type Json = Record<string, unknown>;
const doc = openApiDocument();

describe('the OpenAPI document (issue 15)', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('covers the project API and the key calls, each with an example request and answer', () => {
    const paths = doc.paths as Record<string, Record<string, Json>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/ask',
        '/api/v1/questions/{id}',
        '/admin/projects',
        '/admin/projects/{project}/keys',
        '/admin/projects/{project}/keys/{keyId}/revoke',
        '/admin/projects/{project}/keys/{keyId}/rotate',
      ]),
    );
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = (op.requestBody as { content: Record<string, Json> } | undefined)?.content;
        for (const content of Object.values(body ?? {}))
          expect(content.example, `${method} ${path}`).toBeDefined();
        const responses = op.responses as Record<string, { content?: Record<string, Json> }>;
        const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
        for (const content of Object.values(success?.content ?? {}))
          expect(content.example, `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('takes its schemas from the routes’ zod schemas', () => {
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    expect(schemas.AskRequest).toMatchObject({
      required: ['query'],
      properties: { query: { maxLength: 2000 } },
    });
    expect(Object.keys((schemas.AskAnswer as { properties: Json }).properties)).toEqual([
      'answer',
      'links',
      'found',
      'outcome',
      'questionId',
      'language',
      'reviewed',
    ]);
  });

  it('renders the docs page with every call and no script', () => {
    const page = renderDocsPage(doc);
    expect(page).toContain('<code>/api/v1/ask</code>');
    expect(page).toContain('<code>/admin/projects/{project}/keys/{keyId}/rotate</code>');
    expect(page).not.toMatch(/<script/i);
  });
});
