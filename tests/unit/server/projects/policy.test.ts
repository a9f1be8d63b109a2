import { describe, expect, it } from 'vitest';
import { mayUseProject, projectAskedIn } from '../../../../src/server/projects/policy';

const user = { userId: '7c0e4a4e-0d55-4bd0-a7c4-3f0a3e1d2b11', keyProject: null };
const key = { userId: null, keyProject: 'acme' };

describe('who may use a project', () => {
  it('lets a signed-in user use any project, as the chat lets them ask in any', () => {
    expect(mayUseProject(user, 'dish')).toBe(true);
    expect(mayUseProject(user, 'acme')).toBe(true);
  });

  it('lets an API key use its own project only', () => {
    expect(mayUseProject(key, 'acme')).toBe(true);
    expect(mayUseProject(key, 'dish')).toBe(false);
  });

  it('lets nobody else', () => {
    expect(mayUseProject({ userId: null, keyProject: null }, 'dish')).toBe(false);
  });
});

describe('the project a question is asked in', () => {
  it('is the one a user names, and always its own for an API key', () => {
    expect(projectAskedIn(user, 'blimey')).toBe('blimey');
    expect(projectAskedIn(key, 'dish')).toBe('acme');
  });
});
