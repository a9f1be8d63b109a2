/**
 * Files built to take a server down (issue 12), and a watch on a server process while it reads
 * them: shared by tests/server/knowledge/bombs.test.ts and tests/bench/bombs.bench.ts.
 */
import type { ServerProcess } from './server-process';
import { randomBytes } from 'node:crypto';
import { docx, nestedDocx, repeated, xlsx } from './zip';

const MB = 1024 * 1024;

export type File = { name: string; bytes: Uint8Array<ArrayBuffer> };
export const bombs = {
  /** 216 KB on disk in the wild; here 40 MB of empty paragraphs in a few KB. */
  zipBomb: { name: 'zip-bomb.docx', bytes: docx(repeated('<w:p/>', 7_000_000)) },
  /** One text run of 48 MB. */
  hugeRun: {
    name: 'huge-run.docx',
    bytes: docx(
      Buffer.concat([
        Buffer.from('<w:p><w:r><w:t>'),
        repeated('a', 48 * MB),
        Buffer.from('</w:t></w:r></w:p>'),
      ]),
    ),
  },
  nested: { name: 'nested.docx', bytes: nestedDocx(40) },
  /** Under the archive caps, but a tree of 2 million paragraphs needs far more than 128 MB. */
  heapBomb: { name: 'heap-bomb.docx', bytes: docx(repeated('<w:p/>', 2_000_000)) },
  pages: { name: 'pages.pdf', bytes: hugePageCountPdf() },
} satisfies Record<string, File>;

/** Files that are not built to break a reader, but cost the server most to read as documents. */
export const heavyFiles = {
  /** One Word run of 3 MB of sentences. */
  longRun: {
    name: 'long-run.docx',
    bytes: docx(
      Buffer.concat([
        Buffer.from('<w:p><w:r><w:t>'),
        repeated('Switch access lets people use a computer with one or two buttons. ', 46_000),
        Buffer.from('</w:t></w:r></w:p>'),
      ]),
    ),
  },
  /** A million rows of one shared string in 0.5 MB, uploaded as a document (read to 100,000 rows). */
  millionRows: {
    name: 'million-rows.xlsx',
    bytes: xlsx(repeated('<row><c t="s"><v>0</v></c></row>', 1_000_000), ['A cell of a large sheet']),
  },
} satisfies Record<string, File>;

/**
 * A PDF of about `megabytes` MB, as a scanned report with photographs weighs: a page of text per
 * MB, each with a photograph of 1 MB that does not compress (random bytes, so no two are alike).
 */
export function largePdf(megabytes: number, label: string): File {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  const object = (id: number, body: Buffer | string) => {
    offsets[id] = length;
    push(Buffer.from(`${id} 0 obj\n`));
    push(typeof body === 'string' ? Buffer.from(body) : body);
    push(Buffer.from('\nendobj\n'));
  };
  const pages = Math.max(1, Math.round(megabytes));
  // Objects: 1 catalog, 2 page tree, 3 font, then per page: page, contents, photograph.
  const pageId = (i: number) => 4 + i * 3;
  push(Buffer.from('%PDF-1.4\n'));
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${pageId(i)} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const side = 590; // 590 x 590 RGB: about 1 MB
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 12 Tf 72 720 Td (${label}, page ${i + 1}: switch access lets people use a computer with one or two buttons.) Tj ET q 400 0 0 400 100 200 cm /Im1 Do Q`;
    object(
      pageId(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageId(i) + 1} 0 R /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 ${pageId(i) + 2} 0 R >> >> >>`,
    );
    object(pageId(i) + 1, `<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    const photo = randomBytes(side * side * 3);
    object(
      pageId(i) + 2,
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${photo.length} >>\nstream\n`,
        ),
        photo,
        Buffer.from('\nendstream'),
      ]),
    );
  }
  const count = pageId(pages);
  const xref = length;
  push(Buffer.from(`xref\n0 ${count}\n0000000000 65535 f \n`));
  for (let id = 1; id < count; id++) push(Buffer.from(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`));
  push(Buffer.from(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return { name: `${label}.pdf`, bytes: new Uint8Array(Buffer.concat(chunks)) };
}

/** Samples /api/health latency and the server's RSS until stopped. */
export function watchServer(server: ServerProcess) {
  const latencies: number[] = [];
  const rss: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/health`).catch(() => null);
      if (res?.ok) latencies.push(performance.now() - started);
      rss.push(server.rss());
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return {
    async stop() {
      on = false;
      await loop;
      const sorted = latencies.toSorted((a, b) => a - b);
      return {
        maxLatency: sorted.at(-1) ?? Infinity,
        p95Latency: sorted[Math.floor(sorted.length * 0.95)] ?? Infinity,
        p99Latency: sorted[Math.floor(sorted.length * 0.99)] ?? Infinity,
        samples: sorted.length,
        maxRss: Math.max(...rss),
      };
    },
  };
}

/** A one-page PDF whose page tree claims 100 million pages. */
function hugePageCountPdf(): Uint8Array<ArrayBuffer> {
  const stream =
    'BT /F1 12 Tf 72 720 Td (A page of a document that claims to have one hundred million pages.) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 100000000 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
