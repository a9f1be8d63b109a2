import { decodeXmlEntities } from './xml-entities';
import { findEntry, readEntry, zipEntries } from './zip-entries';

/** Largest core-properties part read; the real ones are a few hundred bytes. */
const MAX_PART_BYTES = 64 * 1024;

/**
 * The title in a .docx package's core properties (`docProps/core.xml`, `dc:title`), or undefined
 * when there is none or the package cannot be read. Word fills it in only when someone does, and
 * templates carry stale ones, so callers check it is meaningful before using it.
 */
export function docxMetadataTitle(bytes: Uint8Array): string | undefined {
  try {
    const entry = findEntry(zipEntries(bytes), 'docProps/core.xml');
    if (!entry) return undefined;
    const xml = new TextDecoder('utf-8').decode(readEntry(bytes, entry, MAX_PART_BYTES));
    const match = /<dc:title(?:\s[^>]*)?>([^<]*)<\/dc:title>/.exec(xml);
    return match?.[1] ? decodeXmlEntities(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
