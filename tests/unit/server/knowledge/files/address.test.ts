import { describe, expect, it } from 'vitest';
import { fileAddress } from '../../../../../src/server/knowledge/files/address';

describe('fileAddress', () => {
  const id = '0b8e5d4e-2f7a-4c1e-9a57-3c1f2a9d8e10';
  it('is /files/<id>/<name, URL-encoded>', () => {
    expect(fileAddress({ id, name: 'Rehab Act (2015).pdf' })).toBe(`/files/${id}/Rehab%20Act%20(2015).pdf`);
    expect(fileAddress({ id, name: 'a/b?c#d.docx' })).toBe(`/files/${id}/a%2Fb%3Fc%23d.docx`);
    expect(fileAddress({ id, name: 'इस बार.docx' })).toBe(
      `/files/${id}/${encodeURIComponent('इस बार.docx')}`,
    );
  });

  it('names a file without a name "file"', () => {
    expect(fileAddress({ id, name: '' })).toBe(`/files/${id}/file`);
  });
});
