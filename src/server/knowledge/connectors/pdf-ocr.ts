import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM } from 'tesseract.js';
import { renderPageAsImage, type getDocumentProxy } from 'unpdf';

// Reading a page from its pixels, for text layers that do not hold the page's words (see
// devanagari-layer.ts). Tesseract runs in its own worker thread; the page is drawn by pdf.js onto
// @napi-rs/canvas. Everything comes from installed packages: nothing is fetched at run time.

type PDFDocumentProxy = Awaited<ReturnType<typeof getDocumentProxy>>;

const require = createRequire(import.meta.url);

/** Tesseract's Hindi model (LSTM, integer "best"): on the UDHR it reads conjuncts and nuktas right. */
const HINDI_DATA = join(dirname(require.resolve('@tesseract.js-data/hin/package.json')), '4.0.0_best_int');

/** Twice the PDF's 72 dpi: the smallest scale that kept every matra on 12 pt Hindi body text. */
const SCALE = 2;
/** A page drawn larger than this on its long side is scaled down (a page can claim any size). */
const MAX_SIDE_PX = 2600;
/** Pages read this way per document, at about five seconds each on this class of machine. */
export const MAX_OCR_PAGES = 100;

/**
 * The text of the given pages (1-based) read from their rendered images, in order, paragraphs
 * separated by blank lines. At most {@link MAX_OCR_PAGES} pages are read, none once `until`
 * (a Date.now() time) has passed; the others come back as null (the caller keeps what it had).
 */
export async function readPagesByOcr(
  pdf: PDFDocumentProxy,
  pageNumbers: readonly number[],
  until = Infinity,
): Promise<(string | null)[]> {
  const worker = await createWorker('hin', OEM.LSTM_ONLY, {
    langPath: HINDI_DATA,
    gzip: true,
    // The model is read from the package every time: no cache files beside the server.
    cacheMethod: 'none',
  });
  try {
    const texts: (string | null)[] = [];
    for (const [index, number] of pageNumbers.entries()) {
      if (index >= MAX_OCR_PAGES || Date.now() >= until) {
        texts.push(null);
        continue;
      }
      const image = await renderPage(pdf, number);
      const { data } = await worker.recognize(Buffer.from(image));
      texts.push(paragraphsOf(data.text));
    }
    return texts;
  } finally {
    await worker.terminate();
  }
}

async function renderPage(pdf: PDFDocumentProxy, number: number): Promise<ArrayBuffer> {
  const page = await pdf.getPage(number);
  const { width, height } = page.getViewport({ scale: 1 });
  const scale = Math.min(SCALE, MAX_SIDE_PX / Math.max(width, height, 1));
  return renderPageAsImage(pdf, number, { canvasImport: () => import('@napi-rs/canvas'), scale });
}

/** Tesseract's lines joined within a paragraph (a blank line ends one), as the text layer is read. */
function paragraphsOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}
