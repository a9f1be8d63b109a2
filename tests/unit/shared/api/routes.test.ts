import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminRoutes } from '../../../../src/shared/api/admin';
import { authRoutes } from '../../../../src/shared/api/auth';
import { chatRoutes } from '../../../../src/shared/api/chat';
import { projectRoutes } from '../../../../src/shared/api/projects';
import { allRoutes, callPath, fillPath, routeKey, routes } from '../../../../src/shared/api/routes';
import { systemRoutes } from '../../../../src/shared/api/system';

describe('the route table', () => {
  it('names each call once across the domains (a later domain would hide an earlier one)', () => {
    const names = [authRoutes, chatRoutes, adminRoutes, projectRoutes, systemRoutes].flatMap(Object.keys);
    expect(names.length).toBe(new Set(names).size);
  });

  it('holds each method and path once', () => {
    const keys = allRoutes.map(routeKey);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('declares the path parameters a path has, and no other', () => {
    for (const def of allRoutes) {
      if (def.kind !== 'json') continue;
      const inPath = [...def.path.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]).sort();
      const declared = def.params instanceof z.ZodObject ? Object.keys(def.params.shape).sort() : [];
      expect(declared, routeKey(def)).toEqual(inPath);
    }
  });

  it('sends no body with a GET', () => {
    expect(allRoutes.filter((d) => d.method === 'GET' && 'body' in d && d.body).map(routeKey)).toEqual([]);
  });

  it('fills path parameters, escaped, and adds the query', () => {
    expect(fillPath(routes.revokeKey.path, { project: 'a b', keyId: 'k' })).toBe(
      '/admin/projects/a%20b/keys/k/revoke',
    );
    expect(callPath(routes.getPrompts, undefined, { project: 'dish' })).toBe('/api/prompts?project=dish');
    expect(callPath(routes.getPrompts, undefined, {})).toBe('/api/prompts');
  });

  it('parses answers with the response schema, dropping what it does not declare', () => {
    const answer = routes.voiceStatus.response.parse({ available: true, extra: 1 });
    expect(answer).toEqual({ available: true });
    expect(routes.voiceStatus.response.safeParse({}).success).toBe(false);
  });
});
