/**
 * Files built to take a server down (issue 12), and a watch on a server process while it reads
 * them: shared by tests/server/knowledge/bombs.test.ts and tests/bench/bombs.bench.ts.
 */
import type { ServerProcess } from './server-process';
import { docx, nestedDocx, repeated } from './zip';

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
