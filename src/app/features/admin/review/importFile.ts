import { reviewedExport, type ReviewedExport } from '../../../../shared/admin/reviewed';

/** What the import says of a file it cannot read (the English keys of their Hindi). */
export const importMessages = {
  notJson: 'This file is not JSON. Please choose a file exported from the Reviewed answers tab.',
  notExport:
    'This file is not an export of reviewed answers. Please choose a file exported from the Reviewed answers tab.',
  badAnswer: 'Answer {{n}} of the file cannot be imported: {{reason}}',
  empty: 'This file holds no reviewed answers.',
};

export type ReadExport =
  | { ok: true; data: ReviewedExport; count: number }
  | { ok: false; message: string; values?: { n: number; reason: string } };

/**
 * Reads a chosen file as the server will (the shared `reviewedExport` schema), so a wrong file is
 * told apart before anything is sent: not JSON, not an export, or which answer is wrong and why.
 */
export function readExport(text: string): ReadExport {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: importMessages.notJson };
  }
  const parsed = reviewedExport.safeParse(json);
  if (parsed.success) {
    if (parsed.data.answers.length === 0) return { ok: false, message: importMessages.empty };
    return { ok: true, data: parsed.data, count: parsed.data.answers.length };
  }
  const issue = parsed.error.issues.find((i) => i.path[0] === 'answers' && typeof i.path[1] === 'number');
  if (!issue) return { ok: false, message: importMessages.notExport };
  return {
    ok: false,
    message: importMessages.badAnswer,
    values: { n: Number(issue.path[1]) + 1, reason: issue.message },
  };
}
