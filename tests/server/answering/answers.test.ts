import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalTexts } from '../../../src/server/answering/messages';
import { extractPdf } from '../../../src/server/knowledge/connectors/pdf';
import type { AnswerMessage } from '../../../src/shared/chat/protocol';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import type { Client } from '../../support/http';
import { material, sharedPath } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import { serveSite } from '../../support/static-site';

// The real all-MiniLM-L6-v2 of ../shared/models (the test server's default MODELS_DIR) on the
// real documents of ../shared/material: one question per format, each answered with its fact and
// a source that the asker can open.
let t: TestServer;
let site: Awaited<ReturnType<typeof serveSite>>;
let user: { client: Client; sessionId: string };
let socket: ChatClient;

const FILES: [string, 'pdf' | 'doc'][] = [
  ['documents/pdf/census-americans-with-disabilities-2010_us-001.pdf', 'pdf'],
  ['documents/pdf/udhr_hindi_Deva.HIN_Sans_12.pdf', 'pdf'],
  ['documents/docx/daisy_Accessibility_demofile.docx', 'doc'],
  ['documents/doc/gsa_DOJ_Section_508_Model_Complaint_Process.doc', 'doc'],
  ['documents/spreadsheet/gsa_Checklist-for-Accessible-Email.xlsx', 'doc'],
];

beforeAll(async () => {
  site = await serveSite(sharedPath('material'));
  t = await startTestServer({ ...SUPER_ENV, CRAWL_ALLOW_PRIVATE: 'true', INGEST_INTERVAL: '0' });
  const admin = await signInSuper(t);
  const source = await addSource(admin, 'Everything people have');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'Worldwide' };
  for (const [file, type] of FILES) {
    const name = file.split('/').at(-1)!;
    const res = await admin.post(
      '/admin/add_data',
      form({ ...fields, data_type: type }, [{ name, bytes: material(file) }]),
    );
    expect(res.status).toBe(201);
  }
  const byUrl = (data_type: string, path: string, depth = 0) =>
    admin.post('/admin/add_data', form({ ...fields, data_type, url: `${site.url}/${path}`, depth }));
  await byUrl('web', 'website/aria-practices/content/patterns/landmarks/landmarks-pattern.html');
  await byUrl('xml_db', 'documents/db_export/wordpress_a11y-theme-unit-test-data.wxr.xml');
  await byUrl('xml_db', 'documents/db_export/gpii_unified_listing_pilot.json');
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
  user = await signedInChatUser(t);
  socket = await openChatSocket(t, user);
}, 600_000);
afterAll(async () => {
  socket.close();
  await t.stop();
  await site.stop();
});

const ask = async (question: string) => (await askOnce(socket, question)).content.response;
const firstParagraph = (r: AnswerMessage['content']['response']) => r.answer.split('\n\n')[0]!;

/** Fetches a link of an answer as the asker's browser would (relative links are the server's). */
const open = (url: string) => user.client.get(url.split('#')[0]!);

describe('answers from every format, with a source the asker can open', () => {
  it('PDF: the fact first, linked to the file at the page that holds it', async () => {
    const r = await ask('About how many Americans had some kind of disability in 2010?');
    expect(firstParagraph(r)).toMatch(/56\.7 million/);
    const link = r.links.find((l) => l.url.includes('census-americans-with-disabilities-2010_us-001.pdf'));
    expect(link?.url).toMatch(
      /^\/files\/[0-9a-f-]{36}\/census-americans-with-disabilities-2010_us-001\.pdf#page=\d+$/,
    );
    const file = await open(link!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(file.bytes.equals(Buffer.from(material(FILES[0]![0])))).toBe(true);
    // The page the link opens at holds the sentence the answer quotes.
    const page = Number(/#page=(\d+)$/.exec(link!.url)![1]);
    const pages = (await extractPdf(material(FILES[0]![0]))).body.split('\f');
    expect(pages[page - 1]!.replace(/\s+/g, ' ')).toMatch(/56\.7 million/);
  });

  it('DOCX', async () => {
    const r = await ask('What kind of things does the Office accessibility checker look for?');
    expect(r.answer).toMatch(/potential problem for people with disabilities/);
    const link = r.links.find((l) => l.url.endsWith('/daisy_Accessibility_demofile.docx'));
    expect(link?.title).toBe('Accessibility Checker In Office 2010');
    expect((await open(link!.url)).status).toBe(200);
  });

  it('DOC', async () => {
    const r = await ask('Where do I file a Section 508 complaint against an agency?');
    expect(r.answer).toMatch(/agency alleged to be in noncompliance/);
    const link = r.links.find((l) => l.url.endsWith('/gsa_DOJ_Section_508_Model_Complaint_Process.doc'));
    expect((await open(link!.url)).headers.get('content-type')).toMatch(/^application\/msword/);
  });

  it('web page', async () => {
    const r = await ask('How many landmark regions should one page have at most?');
    expect(r.answer).toMatch(/seven or fewer/);
    expect(r.links.some((l) => l.url.endsWith('/patterns/landmarks/landmarks-pattern.html'))).toBe(true);
  });

  it('WordPress export: the post, and the export it came from', async () => {
    const r = await ask('What height does the spacer block have by default?');
    expect(r.answer).toMatch(/100 pixels/);
    expect(r.links.some((l) => l.url.endsWith('/wordpress_a11y-theme-unit-test-data.wxr.xml'))).toBe(true);
  });

  it('spreadsheet', async () => {
    const r = await ask('Which font size should an accessible email use?');
    expect(r.answer).toMatch(/10 to 11pt/);
    const link = r.links.find((l) => l.url.endsWith('/gsa_Checklist-for-Accessible-Email.xlsx'));
    expect((await open(link!.url)).status).toBe(200);
  });

  it('JSON database export', async () => {
    const r = await ask('What does the JAWS voice synthesizer need in the computer to work?');
    expect(r.answer).toMatch(/sound card/);
    expect(r.links.some((l) => l.url.endsWith('/gpii_unified_listing_pilot.json'))).toBe(true);
  });

  it('Hindi: a question in Devanagari is answered from the Hindi PDF, framed in Hindi', async () => {
    const r = await ask('यूनाइटेड नेशन्स की जनरल असेम्बली ने यह घोषणा कब घोषित की?');
    expect(r.answer).toMatch(/१९४८/);
    expect(r.answer).toContain('स्रोत:');
    expect(r.links.some((l) => l.url.includes('udhr_hindi_Deva.HIN_Sans_12.pdf#page=1'))).toBe(true);
  });
});

describe('what the knowledge base does not hold', () => {
  it('refuses plainly, with no links', async () => {
    const r = await ask('What is a good recipe for vegetable lasagna with spinach?');
    expect(refusalTexts()).toContain(r.answer);
    expect(r.links).toEqual([]);
  });

  it('refuses a question naming something the knowledge base never mentions', async () => {
    const r = await ask('How much does the WHILL Model C2 power wheelchair cost?');
    expect(refusalTexts()).toContain(r.answer);
  });

  it('answers a greeting with help and example questions from its own documents', async () => {
    const r = await ask('hello');
    expect(r.answer).toMatch(/^Hello! I answer questions about assistive solutions/);
    expect(r.answer).toMatch(/For example, you could ask:\n\n- What does “.+” say\?/);
    expect(r.links).toEqual([]);
  });
});
