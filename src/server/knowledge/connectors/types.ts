/** What every connector hands to the ingestion pipeline: one document's plain text. */
export interface ExtractedDocument {
  title: string;
  /**
   * Plain text; paragraphs separated by a blank line. Never HTML, never printing artefacts
   * (running headers and footers, page numbers, printer job lines). A paged document (PDF)
   * separates its pages with one form feed (`\f`) between each two consecutive pages, empty pages
   * included, so the text before a position holds as many form feeds as pages before its page.
   * Other documents have no pages, and their bodies hold no form feed.
   */
  body: string;
  /** The canonical address of the document, when it has one (web pages, videos). */
  url?: string;
}

/**
 * A failure whose message is fit to show an admin as the pending item's error
 * ("The PDF has no text layer (a scanned image); it cannot be indexed.").
 */
export class ConnectorError extends Error {
  override name = 'ConnectorError';
}
