import { describe, expect, it } from 'vitest';
import { importMessages, readExport } from '../../../../../../src/app/features/admin/review/importFile';
import { reviewedMessages } from '../../../../../../src/shared/admin/reviewed';

const answer = { questions: ['What is a ramp?'], answers: { en: 'A slope.' }, sources: [] };
const file = (answers: unknown[]) => JSON.stringify({ format: 'dish-reviewed-answers', version: 1, answers });

describe('reading an export before it is imported', () => {
  it('takes an export, with its count', () => {
    const read = readExport(file([answer, answer]));
    expect(read.ok && read.count).toBe(2);
  });

  it('says a file that is not JSON is not', () => {
    expect(readExport('questions,answers\n')).toEqual({ ok: false, message: importMessages.notJson });
  });

  it('says JSON of another kind is not an export', () => {
    expect(readExport('{"answers":[]}')).toEqual({ ok: false, message: importMessages.notExport });
    expect(readExport('[1,2]')).toEqual({ ok: false, message: importMessages.notExport });
  });

  it('names the answer that is wrong, counting from 1, and why', () => {
    expect(readExport(file([answer, { ...answer, answers: { en: ' ' } }]))).toEqual({
      ok: false,
      message: importMessages.badAnswer,
      values: { n: 2, reason: reviewedMessages.noAnswer },
    });
  });

  it('says an export with no answers holds none', () => {
    expect(readExport(file([]))).toEqual({ ok: false, message: importMessages.empty });
  });
});
