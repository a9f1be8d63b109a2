import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  extractJsonRecords,
  findRecords,
  flattenRecord,
  pickTitle,
  pickUrl,
} from '../../../../../src/server/knowledge/connectors/json-records';
import { isJson } from '../../../../../src/server/knowledge/connectors/db-export';
import { ConnectorError } from '../../../../../src/server/knowledge/connectors/types';

const GPII = path.resolve(
  process.env.SHARED_DIR ?? '../shared',
  'material/documents/db_export/gpii_unified_listing_pilot.json',
);

function refusal(run: () => unknown): ConnectorError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    return error as ConnectorError;
  }
  throw new Error('expected a ConnectorError, but nothing was thrown');
}

describe('findRecords', () => {
  it('takes a root array, or the longest array of objects one or two levels down', () => {
    expect(findRecords([{ a: 1 }, 'x', { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(findRecords({ categories: [{ id: 1 }], products: [{ id: 1 }, { id: 2 }] })).toHaveLength(2);
    expect(findRecords({ meta: { count: 2 }, data: { items: [{ id: 1 }, { id: 2 }] } })).toHaveLength(2);
  });

  it('finds none in a bare object, a list of strings or a value', () => {
    expect(findRecords({ name: 'x' })).toBeUndefined();
    expect(findRecords({ tags: ['a', 'b'] })).toBeUndefined();
    expect(findRecords(42)).toBeUndefined();
  });
});

describe('flattenRecord', () => {
  it('gives dotted keys for nested objects, lists of values on one line, and skips empty values', () => {
    const fields = flattenRecord({
      name: 'NVDA',
      price: 0,
      free: true,
      notes: null,
      blank: '  ',
      maker: { name: 'NV Access', address: { country: 'Australia' } },
      platforms: ['Windows', 'Windows 11'],
      codes: [{ code: '22.39' }, { code: '22.30' }],
    });
    expect(fields.map((f) => `${f.path.join('.')}: ${f.value}`)).toEqual([
      'name: NVDA',
      'price: 0',
      'free: true',
      'maker.name: NV Access',
      'maker.address.country: Australia',
      'platforms: Windows, Windows 11',
      'codes.code: 22.39, 22.30',
    ]);
  });

  it('reduces HTML inside values to text and keeps a long text repeated under another key once', () => {
    const description = '<p>Screen reader for Windows &amp; braille displays.</p><p>Free of charge.</p>';
    const fields = flattenRecord({ description, copy: { english: description } });
    expect(fields).toEqual([
      { path: ['description'], value: 'Screen reader for Windows & braille displays.\n\nFree of charge.' },
    ]);
  });
});

describe('pickTitle and pickUrl', () => {
  const fieldsOf = (record: Parameters<typeof flattenRecord>[0]) => flattenRecord(record);

  it('prefers a top-level title or name, then a key ending like a name, shallowest first', () => {
    expect(pickTitle(fieldsOf({ id: 7, vendor: { name: 'Acme' }, productName: 'Reader' }))?.value).toBe(
      'Reader',
    );
    expect(pickTitle(fieldsOf({ id: 7, Title: 'Guide', name: 'guide-1' }))?.value).toBe('Guide');
    expect(pickTitle(fieldsOf({ id: 7, info: { display_name: 'Magnifier' } }))?.value).toBe('Magnifier');
    expect(pickTitle(fieldsOf({ id: 7, filesize: 10 }))).toBeUndefined();
  });

  it("takes the record's own address, not a picture's nor a named nested object's", () => {
    const fields = fieldsOf({
      manufacturer: { name: 'Acme', url: 'https://acme.example/' },
      data: {
        ManufacturerWebSiteUrl: 'https://acme.example',
        ImageUrl: 'https://img.example/p/1.jpg',
        OriginalUrl: 'https://catalogue.example/products/1',
      },
    });
    expect(pickUrl(fields)).toBe('https://catalogue.example/products/1');
    expect(pickUrl(fieldsOf({ manufacturer: { name: 'Acme', url: 'https://acme.example/' } }))).toBe(
      'https://acme.example/',
    );
    expect(pickUrl(fieldsOf({ link: 'not an address' }))).toBeUndefined();
  });
});

describe('extractJsonRecords', () => {
  it('makes one document per record of the real GPII listing export', () => {
    const docs = extractJsonRecords(new Uint8Array(readFileSync(GPII)));
    expect(docs).toHaveLength(36);
    const jaws = docs[0]!;
    expect(jaws.title).toBe('Jaws For Windows');
    expect(jaws.url).toBe('http://www.dlf-data.org.uk/product.php?product_id=0109982');
    expect(jaws.body).toContain('manufacturer.name: Freedom Scientific');
    expect(jaws.body).toContain('Price from (£): 659');
    expect(jaws.body).not.toMatch(/<br|&pound;/);
    expect(jaws.body).not.toMatch(/^name: /m);
    expect(docs.filter((d) => /jaws/i.test(d.title)).length).toBeGreaterThan(5);
  });

  it('names a record without a title-like field by its position', () => {
    const [doc] = extractJsonRecords('{"rows": [{"code": "22.39", "text": "Screen readers"}]}');
    expect(doc).toEqual({ title: 'Record 1', body: 'code: 22.39\n\ntext: Screen readers' });
  });

  it('refuses broken JSON and JSON without records, with a sentence', () => {
    expect(refusal(() => extractJsonRecords('{"a": [1,')).message).toMatch(
      /^This JSON file could not be read: /,
    );
    expect(refusal(() => extractJsonRecords('{"name": "x"}')).message).toBe(
      'This JSON file holds no list of records: it must be an array of objects, or an object holding one.',
    );
  });
});

describe('isJson', () => {
  it('tells JSON from XML by the first character', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(isJson(bytes('\ufeff\n  [{"a":1}]'))).toBe(true);
    expect(isJson(bytes('{"docs": []}'))).toBe(true);
    expect(isJson(bytes('<?xml version="1.0"?><a/>'))).toBe(false);
  });
});
