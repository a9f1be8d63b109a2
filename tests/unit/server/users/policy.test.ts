import { describe, expect, it } from 'vitest';
import {
  adminRightsChange,
  blockRefusal,
  canSeeUser,
  policyMessages,
  type PolicyUser,
} from '../../../../src/server/users/policy';
import { serverMessages } from '../../../../src/shared/messages';

let next = 0;
function user(over: Partial<PolicyUser> = {}): PolicyUser {
  next += 1;
  return {
    id: `u${next}`,
    name: `User ${next}`,
    registeredVia: 'dish',
    isAdmin: false,
    adminType: null,
    isAdminFor: [],
    ...over,
  };
}
const admin = (projects: string[], over: Partial<PolicyUser> = {}) =>
  user({ isAdmin: true, adminType: 'admin', isAdminFor: projects, ...over });
const superAdmin = (projects = ['dish']) => admin(projects, { adminType: 'super' });

describe('canSeeUser', () => {
  it('sees users who came through, or administer, one of the admin’s projects', () => {
    const blimeyAdmin = admin(['blimey']);
    expect(canSeeUser(blimeyAdmin, user({ registeredVia: 'blimey' }))).toBe(true);
    expect(canSeeUser(blimeyAdmin, admin(['dish', 'blimey']))).toBe(true);
    expect(canSeeUser(blimeyAdmin, user({ registeredVia: 'dish' }))).toBe(false);
  });
});

describe('blockRefusal', () => {
  it('refuses an admin of one project blocking an admin of other projects too', () => {
    const refusal = blockRefusal(admin(['blimey']), admin(['dish', 'blimey']));
    expect(refusal).toEqual({ status: 403, message: policyMessages.blockOutside(['dish']) });
  });

  it('lets an admin block users and admins wholly within their projects', () => {
    const actor = admin(['dish', 'blimey']);
    expect(blockRefusal(actor, admin(['blimey'], { registeredVia: 'opun' }))).toBeNull();
    expect(blockRefusal(actor, user({ registeredVia: 'blimey' }))).toBeNull();
  });

  it('lets a super admin block anyone they see, and only a super admin block a super admin', () => {
    expect(blockRefusal(superAdmin(), admin(['dish', 'gsc']))).toBeNull();
    expect(blockRefusal(admin(['dish']), superAdmin())).toEqual({
      status: 403,
      message: policyMessages.superOnlyBySuper,
    });
  });

  it('refuses oneself (400) and users out of sight (404)', () => {
    const actor = admin(['dish']);
    expect(blockRefusal(actor, actor)?.status).toBe(400);
    expect(blockRefusal(actor, user({ registeredVia: 'gsc' }))).toEqual({
      status: 404,
      message: serverMessages.userNotFound,
    });
  });
});

describe('adminRightsChange', () => {
  const none = { otherSuperAdmins: 0 };

  it('removes only the actor’s projects when demoting', () => {
    const target = admin(['dish', 'blimey']);
    expect(adminRightsChange(admin(['blimey']), target, { makeAdmin: false, projects: [], ...none })).toEqual(
      {
        isAdmin: true,
        adminType: 'admin',
        isAdminFor: ['dish'],
      },
    );
    expect(
      adminRightsChange(admin(['dish', 'blimey']), target, { makeAdmin: false, projects: ['dish'], ...none }),
    ).toEqual({ isAdmin: true, adminType: 'admin', isAdminFor: ['blimey'] });
  });

  it('ends admin status when the last project goes', () => {
    expect(
      adminRightsChange(admin(['dish']), admin(['dish']), { makeAdmin: false, projects: ['dish'], ...none }),
    ).toEqual({ isAdmin: false, adminType: null, isAdminFor: [] });
  });

  it('refuses removing rights in projects the actor does not administer', () => {
    const target = admin(['dish'], { registeredVia: 'blimey' });
    expect(
      adminRightsChange(admin(['blimey']), target, { makeAdmin: false, projects: ['dish'], ...none }),
    ).toEqual({ status: 403, message: policyMessages.notYourProjects(['dish']) });
    expect(adminRightsChange(admin(['blimey']), target, { makeAdmin: false, projects: [], ...none })).toEqual(
      {
        status: 403,
        message: policyMessages.noRightsOfYours(['dish']),
      },
    );
  });

  it('grants only the actor’s projects, adding to what the target has', () => {
    const target = admin(['opun'], { registeredVia: 'dish' });
    expect(
      adminRightsChange(admin(['dish']), target, { makeAdmin: true, projects: ['dish'], ...none }),
    ).toEqual({
      isAdmin: true,
      adminType: 'admin',
      isAdminFor: ['opun', 'dish'],
    });
    expect(
      adminRightsChange(admin(['dish']), target, { makeAdmin: true, projects: ['blimey'], ...none }),
    ).toMatchObject({ status: 403 });
  });

  it('keeps super admins’ rights for super admins, never removing the last one', () => {
    const target = superAdmin();
    expect(
      adminRightsChange(admin(['dish']), target, { makeAdmin: false, projects: [], ...none }),
    ).toMatchObject({
      status: 403,
    });
    expect(
      adminRightsChange(superAdmin(), target, { makeAdmin: false, projects: [], otherSuperAdmins: 0 }),
    ).toEqual({
      status: 400,
      message: serverMessages.lastSuperAdmin,
    });
    expect(
      adminRightsChange(superAdmin(), target, { makeAdmin: false, projects: [], otherSuperAdmins: 1 }),
    ).toEqual({
      isAdmin: false,
      adminType: null,
      isAdminFor: [],
    });
  });

  it('refuses demoting oneself', () => {
    const actor = admin(['dish']);
    expect(adminRightsChange(actor, actor, { makeAdmin: false, projects: [], ...none })).toEqual({
      status: 400,
      message: serverMessages.cannotDemoteSelf,
    });
  });
});
