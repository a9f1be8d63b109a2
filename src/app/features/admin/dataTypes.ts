import type { SourceType } from '../../../shared/admin/schemas';

/**
 * Plain words for the data types of SPEC §3 (issue 14 item 10), where SPEC gives only the codes:
 * the pending list's data_type (source types) and the ingested list's resource_type (content
 * kinds). The codes still go to the server and are what a `data_type: …` search names.
 */
export const SOURCE_TYPE_LABELS: Record<SourceType, string> = {
  web: 'Web page',
  yt_video: 'YouTube video',
  yt_channel: 'YouTube channel',
  xml_db: 'XML database',
  pdf: 'PDF',
  doc: 'Document',
};

export const CONTENT_KIND_LABELS: Record<string, string> = {
  web: 'Web page',
  video: 'Video',
  pdf: 'PDF',
  document: 'Document',
  xml: 'XML record',
};

/** The words for a data type or content kind; an unknown code is shown as it is. */
export function dataTypeLabel(code: string): string {
  return SOURCE_TYPE_LABELS[code as SourceType] ?? CONTENT_KIND_LABELS[code] ?? code;
}
