import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../src/server/db/client';
import {
  keyAsker,
  mayUseProject,
  projectAskedIn,
  projectsAdministered,
  userAsker,
  userMayEnter,
} from '../../../../src/server/access/policy';

const person = {
  id: '7c0e4a4e-0d55-4bd0-a7c4-3f0a3e1d2b11',
  registeredVia: 'dish',
  isAdmin: false,
  adminType: null,
  isAdminFor: [],
};
const user = userAsker(person);
const key = keyAsker('acme');

describe('who may use a project (issue 31)', () => {
  it('lets a person use the project of the app they registered through, and no other', () => {
    expect(mayUseProject(user, 'dish')).toBe(true);
    expect(mayUseProject(user, 'acme')).toBe(false);
    const gsc = userAsker({ ...person, registeredVia: 'gsc' });
    expect(mayUseProject(gsc, 'gsc')).toBe(true);
    expect(mayUseProject(gsc, 'dish')).toBe(false);
  });

  it('adds the projects an admin administers, and every project for a super admin', () => {
    const admin = userAsker({ ...person, isAdmin: true, adminType: 'admin' as const, isAdminFor: ['acme'] });
    expect(mayUseProject(admin, 'acme')).toBe(true);
    expect(mayUseProject(admin, 'dish')).toBe(true);
    expect(mayUseProject(admin, 'blimey')).toBe(false);
    const formerAdmin = userAsker({ ...person, isAdmin: false, isAdminFor: ['acme'] });
    expect(mayUseProject(formerAdmin, 'acme')).toBe(false);
    const superAdmin = userAsker({ ...person, isAdmin: true, adminType: 'super' as const, isAdminFor: [] });
    expect(mayUseProject(superAdmin, 'a project created later')).toBe(true);
  });

  it('lets an API key use its own project only', () => {
    expect(mayUseProject(key, 'acme')).toBe(true);
    expect(mayUseProject(key, 'dish')).toBe(false);
  });
});

describe('the project a question is asked in', () => {
  it('is the one a user names, and always its own for an API key', () => {
    expect(projectAskedIn(user, 'blimey')).toBe('blimey');
    expect(projectAskedIn(key, 'dish')).toBe('acme');
  });
});

describe('who may enter at all', () => {
  it('is a user neither blocked nor deactivated, on HTTP and at the socket handshake alike', () => {
    expect(userMayEnter({ isBlocked: false, isActive: true })).toBe(true);
    expect(userMayEnter({ isBlocked: true, isActive: true })).toBe(false);
    expect(userMayEnter({ isBlocked: false, isActive: false })).toBe(false);
  });
});

describe('the projects an admin administers', () => {
  // Only a super admin's answer needs the database: every project there is.
  const db = {
    select: () => ({
      from: () => ({ orderBy: () => Promise.resolve([{ id: 'dish' }, { id: 'blimey' }, { id: 'acme' }]) }),
    }),
  } as unknown as Db;
  const unused = {} as Db;

  it('is every project for a super admin, created ones too, whatever their stored rights say', async () => {
    expect(
      await projectsAdministered(db, { isAdmin: true, adminType: 'super', isAdminFor: ['dish'] }),
    ).toEqual(['dish', 'blimey', 'acme']);
  });

  it('is the rights of any other admin, and none for a user who is not one', async () => {
    expect(
      await projectsAdministered(unused, { isAdmin: true, adminType: 'admin', isAdminFor: ['acme'] }),
    ).toEqual(['acme']);
    expect(
      await projectsAdministered(unused, { isAdmin: false, adminType: null, isAdminFor: ['acme'] }),
    ).toEqual([]);
  });
});
