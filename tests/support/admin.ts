import { eq } from 'drizzle-orm';
import { routes } from '../../src/shared/api/routes';
import { users } from '../../src/server/db/schema';
import { Client, newUser } from './http';
import type { TestServer } from './server';

export const SUPER = { email: 'root@dish.example', password: 'root password 1' };
/** Environment that makes the super admin at start (pass to startTestServer). */
export const SUPER_ENV = { SUPERADMIN_EMAIL: SUPER.email, SUPERADMIN_PASSWORD: SUPER.password };

async function signIn(t: Pick<TestServer, 'url'>, email: string, password: string): Promise<Client> {
  const client = new Client(t.url);
  const res = await client.call(routes.login, { body: { emailOrPhone: email, password } });
  if (res.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

export const signInSuper = (t: Pick<TestServer, 'url'>) => signIn(t, SUPER.email, SUPER.password);

/** A newly registered user, made admin of the given projects (or a plain user with none). */
export async function signInUser(t: TestServer, adminFor: string[] = []): Promise<Client> {
  const user = newUser();
  const res = await new Client(t.url).call(routes.register, { body: user });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  if (adminFor.length) {
    await t.server.database.db
      .update(users)
      .set({ isAdmin: true, adminType: 'admin', isAdminFor: adminFor })
      .where(eq(users.email, user.email));
  }
  return signIn(t, user.email, user.password);
}

/** Adds a source to `dish` and returns its id. */
export async function addSource(client: Client, name: string, project = 'dish'): Promise<string> {
  const { source } = await client.answer(routes.addSource, {
    body: { queryingApp: 'dish', name, project, is_active: true },
  });
  return source._id;
}

export function form(
  fields: Record<string, string | number>,
  files: { name: string; bytes: Uint8Array<ArrayBuffer> }[] = [],
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const file of files) data.append('files', new Blob([file.bytes]), file.name);
  return data;
}

/** Queues an item as the Add Data form sends it; a refusal throws with the server's reason. */
export async function addData(
  admin: Client,
  fields: Record<string, string | number>,
  files: { name: string; bytes: Uint8Array<ArrayBuffer> }[] = [],
): Promise<void> {
  const res = await admin.post('/admin/add_data', form(fields, files));
  if (res.status !== 201) throw new Error(`add_data answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** The status of the queue item with this title, as the admin's Data tab lists it (none: not listed). */
export async function pendingStatus(admin: Client, title: string): Promise<string | undefined> {
  for (const $ne of ['completed', 'pending'] as const) {
    const { data } = await admin.answer(routes.getPendingData, {
      body: { queryingApp: 'dish', query: { status: { $ne } }, queryOptions: { limit: 50, skip: 0 } },
    });
    const item = data.find((i) => i.title === title);
    if (item) return item.status;
  }
  return undefined;
}
