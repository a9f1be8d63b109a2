import { describe, expect, it } from 'vitest';
import {
  DEPTH_MESSAGE,
  depthFor,
  isDepth,
  needsFiles,
  needsUrl,
  takesDepth,
  URL_FORMAT_MESSAGE,
  webAddress,
} from '../../../../src/shared/admin/add-data-rules';
import { addDataFields } from '../../../../src/shared/admin/schemas';
import { checkField } from '../../../../src/app/features/admin/addDataRules';

const form = {
  data_type: 'web',
  source: 's',
  project: 'dish',
  location: 'India',
  url: 'https://a.example',
} as const;

describe('the Add Data rules, shared by the form, the request schema and the bulk rows', () => {
  it('takes a depth from 0 to 5, whole', () => {
    expect([0, 5].map(isDepth)).toEqual([true, true]);
    expect([-1, 6, 1.5].map(isDepth)).toEqual([false, false, false]);
  });

  it('asks a URL of every type but the uploaded files', () => {
    expect(['web', 'yt_video', 'yt_channel', 'xml_db'].every(needsUrl)).toBe(true);
    expect(['pdf', 'doc'].some(needsUrl)).toBe(false);
    expect(['pdf', 'doc'].every(needsFiles)).toBe(true);
  });

  it('gives a depth to web items only, 0 to every other type', () => {
    expect(['web', 'yt_video', 'yt_channel', 'xml_db', 'pdf', 'doc', ''].filter(takesDepth)).toEqual(['web']);
    expect(depthFor('web', 3)).toBe(3);
    expect(['yt_video', 'yt_channel', 'xml_db', 'pdf', 'doc'].map((type) => depthFor(type, 3))).toEqual([
      0, 0, 0, 0, 0,
    ]);
  });

  it('refuses a depth of 6 with the same sentence in the form and the request', () => {
    expect(checkField('depth', { ...form, depth: '6' }, [])).toBe(DEPTH_MESSAGE);
    const parsed = addDataFields.safeParse({ ...form, depth: '6' });
    expect(parsed.error?.issues[0]?.message).toBe(DEPTH_MESSAGE);
  });
});

describe('webAddress', () => {
  it('takes http and https addresses with a host, and nothing else', () => {
    expect(webAddress('https://www.w3.org/WAI/')?.hostname).toBe('www.w3.org');
    expect(webAddress('HTTP://example.org')).toBeDefined();
    for (const bad of [
      'ftp://example.org',
      'https://',
      'http:// example.org',
      'www.example.org',
      'https://exa mple.org',
    ])
      expect(webAddress(bad)).toBeUndefined();
  });

  it('is the same rule for the form and the request schema', () => {
    for (const url of ['https://', 'http:// example.org']) {
      expect(checkField('url', { ...form, depth: '0', url }, [])).toBe(URL_FORMAT_MESSAGE);
      expect(addDataFields.safeParse({ ...form, url }).error?.issues[0]?.message).toBe(URL_FORMAT_MESSAGE);
    }
  });
});
