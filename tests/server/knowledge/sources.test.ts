import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages } from '../../../src/shared/messages';
import type { Client } from '../../support/http';
import { addSource, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let admin: Client;
beforeAll(async () => {
  t = await startTestServer(SUPER_ENV);
  admin = await signInSuper(t);
});
afterAll(() => t.stop());

const sourcesOf = async (client: Client, onlyActive = false) => {
  const res = await client.post('/admin/get_data_bank', {
    queryingApp: 'dish',
    query: {},
    ...(onlyActive ? { onlyActiveSources: true } : { onlySources: true }),
  });
  expect(res.status).toBe(200);
  return res.body.sources as { _id: string; name: string; is_active: boolean; project: string }[];
};

describe('sources', () => {
  it('adds, lists, disables, enables and deletes a source', async () => {
    const id = await addSource(admin, 'Assistive tech guides');
    expect((await sourcesOf(admin)).find((s) => s._id === id)).toEqual({
      _id: id,
      name: 'Assistive tech guides',
      is_active: true,
      project: 'dish',
    });
    const off = await admin.post('/admin/edit_source', {
      queryingApp: 'dish',
      sourceId: id,
      sourceData: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect((await sourcesOf(admin, true)).some((s) => s._id === id)).toBe(false);
    await admin.post('/admin/edit_source', {
      queryingApp: 'dish',
      sourceId: id,
      sourceData: { is_active: true },
    });
    expect((await sourcesOf(admin, true)).some((s) => s._id === id)).toBe(true);
    expect((await admin.post('/admin/delete_source', { queryingApp: 'dish', sourceId: id })).status).toBe(
      200,
    );
    expect((await sourcesOf(admin)).some((s) => s._id === id)).toBe(false);
  });

  it('refuses a blank name or no project with the SPEC message, and a taken name with 409', async () => {
    for (const body of [{ name: '  ', project: 'dish' }, { name: 'Named' }, { name: 'Named', project: '' }]) {
      const res = await admin.post('/admin/add_source', { queryingApp: 'dish', ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.addSourceInvalid);
    }
    await addSource(admin, 'Videos');
    const again = await admin.post('/admin/add_source', {
      queryingApp: 'dish',
      name: 'VIDEOS',
      project: 'dish',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(serverMessages.sourceNameTaken);
  });

  it('needs a source id to edit or delete, and answers 404 for an unknown one', async () => {
    for (const path of ['/admin/delete_source', '/admin/edit_source']) {
      const res = await admin.post(path, { queryingApp: 'dish', sourceData: { is_active: true } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.sourceIdMissing);
    }
    const unknown = await admin.post('/admin/delete_source', {
      queryingApp: 'dish',
      sourceId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(serverMessages.sourceNotFound);
  });

  it('keeps admins to their own projects and everyone else out', async () => {
    const dishSource = await addSource(admin, 'Only for dish');
    const otherAdmin = await signInUser(t, ['blimey']);
    const plain = await signInUser(t);

    const wrongProject = await otherAdmin.post('/admin/add_source', {
      queryingApp: 'dish',
      name: 'Mine',
      project: 'dish',
    });
    expect(wrongProject.status).toBe(403);
    expect(
      (await otherAdmin.post('/admin/delete_source', { queryingApp: 'dish', sourceId: dishSource })).status,
    ).toBe(404);
    expect((await sourcesOf(otherAdmin)).some((s) => s._id === dishSource)).toBe(false);
    expect(
      (await otherAdmin.post('/admin/add_source', { queryingApp: 'blimey', name: 'Mine', project: 'blimey' }))
        .status,
    ).toBe(201);

    const asUser = await plain.post('/admin/get_data_bank', { queryingApp: 'dish', onlySources: true });
    expect(asUser.status).toBe(403);
    const anonymous = await (await signInUser(t)).post('/auth/logout');
    expect(anonymous.status).toBe(200);
    const res = await fetch(`${t.url}/admin/get_pending_data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queryingApp: 'dish' }),
    });
    expect(res.status).toBe(401);
  });

  it('lets only the super admin force processing', async () => {
    const otherAdmin = await signInUser(t, ['dish']);
    expect((await otherAdmin.post('/admin/force_ingest_data')).status).toBe(403);
    const res = await admin.post('/admin/force_ingest_data');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ started: true });
  });
});
