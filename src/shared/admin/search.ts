/**
 * The admin tables' search box: `key: value` pairs (several joined by commas), case ignored;
 * text without a key searches every column. Both the table and the server read it this way.
 */
export interface SearchTerm {
  /** Lower-cased column key, or null for "any column". */
  key: string | null;
  value: string;
}

export function parseSearch(input: string): SearchTerm[] {
  return input
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^([A-Za-z_][\w ]{0,40}?)\s*:\s*(.*)$/.exec(part);
      if (match?.[1] && match[2] !== undefined) {
        return { key: match[1].trim().toLowerCase().replace(/\s+/g, '_'), value: match[2].trim() };
      }
      return { key: null, value: part };
    })
    .filter((term) => term.value.length > 0);
}
