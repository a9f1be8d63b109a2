/**
 * ZIP archives made in a test: Office packages that are small on disk and unpack to as much as a
 * test asks (zip bombs, huge runs, a million rows), and archives nested in archives.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data: Uint8Array;
}

/** A ZIP of deflated entries, as Office writes them. */
export function zip(entries: ZipInput[]): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const text = (s: string) => Buffer.from(s, 'utf8');
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** `count` copies of `unit`, made without building a string of that size. */
export const repeated = (unit: string, count: number) => Buffer.alloc(Buffer.byteLength(unit) * count, unit);

/** A .docx whose body is the given XML (inside <w:body>), plus any extra entries. */
export function docx(bodyXml: Uint8Array | string, extra: ZipInput[] = []): Uint8Array<ArrayBuffer> {
  const body = typeof bodyXml === 'string' ? text(bodyXml) : bodyXml;
  return zip([
    {
      name: '[Content_Types].xml',
      data: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: text(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.concat([
        text(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>`),
        body,
        text('</w:body></w:document>'),
      ]),
    },
    ...extra,
  ]);
}

/** An .xlsx of one sheet whose <sheetData> holds the given rows XML. */
export function xlsx(rowsXml: Uint8Array | string, sharedStrings: string[] = []): Uint8Array<ArrayBuffer> {
  const rows = typeof rowsXml === 'string' ? text(rowsXml) : rowsXml;
  const S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zip([
    {
      name: '[Content_Types].xml',
      data: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: text(
        `<workbook ${S} ${R}><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: text(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/sharedStrings.xml',
      data: text(`<sst ${S}>${sharedStrings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.concat([text(`<worksheet ${S}><sheetData>`), rows, text('</sheetData></worksheet>')]),
    },
  ]);
}

/** A .docx holding a ZIP holding a ZIP... `levels` deep. */
export function nestedDocx(levels: number): Uint8Array<ArrayBuffer> {
  let inner: Uint8Array = zip([{ name: 'core.txt', data: text('the innermost file') }]);
  for (let i = 2; i < levels; i++) inner = zip([{ name: `level-${i}.zip`, data: inner }]);
  return docx('<w:p><w:r><w:t>A document with an archive inside.</w:t></w:r></w:p>', [
    { name: 'word/embeddings/nested.zip', data: inner },
  ]);
}
