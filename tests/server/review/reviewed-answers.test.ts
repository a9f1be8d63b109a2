/**
 * Issue 33: reviewed answers. An admin approves an answer or writes the right one; a later
 * question of the same meaning, in English or Hindi, gets it first on the socket and the project
 * API, marked as reviewed; an unrelated one does not; one whose only source is disabled is not
 * served; an export imported on a fresh server serves the same answers. The real default model
 * (multilingual-e5-small) on real documents.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../../src/server/access/keys';
import { questions, sources } from '../../../src/server/db/schema';
import { routes } from '../../../src/shared/api/routes';
import type { ReviewedAnswerView } from '../../../src/shared/admin/reviewed';
import { addSource, form, SUPER_ENV, signInSuper, signInUser } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { Client } from '../../support/http';
import { material, sharedPath, CENSUS_PDF } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import { startGraphApi, type GraphApi } from '../../support/graph-api';
import { deliver, newSender, PHONE_NUMBER_ID, textFrom, whatsAppEnv } from '../../support/whatsapp';
import { serveSite } from '../../support/static-site';

let t: TestServer;
let site: Awaited<ReturnType<typeof serveSite>>;
let admin: Client;
let socket: ChatClient;
let source: string;
let apiKey: string;
let graph: GraphApi;

const REVIEWED_LINE = /\*Reviewed by the DISH team on \d{1,2} \w+ \d{4}\*$/;

beforeAll(async () => {
  site = await serveSite(sharedPath('material'));
  graph = await startGraphApi(PHONE_NUMBER_ID);
  t = await startTestServer({
    ...SUPER_ENV,
    ...whatsAppEnv(graph.graphUrl),
    CRAWL_ALLOW_PRIVATE: 'true',
    INGEST_INTERVAL: '0',
  });
  admin = await signInSuper(t);
  source = await addSource(admin, 'Reports');
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'United States' };
  const res = await admin.post(
    '/admin/add_data',
    form({ ...fields, data_type: 'pdf' }, [
      { name: CENSUS_PDF, bytes: material('documents/pdf', CENSUS_PDF) },
    ]),
  );
  expect(res.status).toBe(201);
  // A hub that answers in Hindi holds Hindi documents: across scripts, questions are read on their chance.
  const udhr = 'udhr_hindi_Deva.HIN_Sans_12.pdf';
  expect(
    (
      await admin.post(
        '/admin/add_data',
        form({ ...fields, data_type: 'pdf' }, [{ name: udhr, bytes: material('documents/pdf', udhr) }]),
      )
    ).status,
  ).toBe(201);
  const pages = await addSource(admin, 'Patterns');
  await admin.post(
    '/admin/add_data',
    form({
      ...fields,
      source: pages,
      data_type: 'web',
      url: `${site.url}/website/aria-practices/content/patterns/dialog-modal/dialog-modal-pattern.html`,
      depth: 0,
    }),
  );
  while ((await t.server.worker.runNow()) > 0) {
    /* until the queue is empty */
  }
  socket = await openChatSocket(t, await signedInChatUser(t));
  apiKey = (await createKey(t.server.database.db, 'dish', 'Reviewed key', null)).secret;
}, 600_000);
afterAll(async () => {
  socket?.close();
  await t?.stop();
  await site?.stop();
  await graph?.stop();
});

const ask = async (question: string, language = 'en') => {
  const reply = await askOnce(socket, question, 'question-text', { language });
  return { ...reply.content.response, questionId: reply.content.questionId! };
};

describe('reviewed answers', () => {
  let approved: ReviewedAnswerView;

  it('approves an answer from the question it answered, keeping its sources', async () => {
    const first = await ask('How many people in the United States had a disability in 2010?');
    expect(first.answer).toContain('56.7 million');
    approved = await admin.answer(routes.approveAnswer, { params: { id: first.questionId }, body: {} });
    expect(approved.questions).toEqual(['How many people in the United States had a disability in 2010?']);
    expect(approved.answers.en).toContain('56.7 million');
    expect(approved.sources.some((s) => s.itemId && s.url.includes(CENSUS_PDF))).toBe(true);
    expect(approved.reviewedBy).not.toBe('');
    const [row] = await t.server.database.db
      .select()
      .from(questions)
      .where(eq(questions.id, first.questionId));
    expect(row?.review).toBe('approved');
  });

  it('refuses another project’s admin, as if the question did not exist', async () => {
    const other = await signInUser(t, ['gsc']);
    const { questionId } = await ask('What is the Rehabilitation Act?');
    const res = await other.call(routes.approveAnswer, { params: { id: questionId }, body: {} });
    expect(res.status).toBe(404);
    const listed = await other.answer(routes.getReviewedAnswers, { body: {} });
    expect(listed.total).toBe(0);
  });

  it('serves the reviewed answer to the same question in other words, marked as reviewed', async () => {
    const r = await ask('In 2010, about how many Americans were living with a disability?');
    expect(r.answer).toContain('56.7 million');
    expect(r.answer).toMatch(REVIEWED_LINE);
    // The question it was reviewed for comes first, so a person hears which one it answers.
    expect(r.answer).toMatch(
      /^A reviewed answer to “How many people in the United States had a disability in 2010\?”\.\n\n/,
    );
    expect(r.links.some((l) => l.url.includes(CENSUS_PDF))).toBe(true);
    const [row] = await t.server.database.db.select().from(questions).where(eq(questions.id, r.questionId));
    expect(row?.history.find((e) => e.type === 'query-response')?.reviewedAnswer).toBe(approved._id);
    const listed = await admin.answer(routes.getReviewedAnswers, { body: { project: 'dish' } });
    expect(listed.data.find((a) => a._id === approved._id)?.hits).toBe(1);
  });

  it('takes an approved reviewed answer’s question as its paraphrase, not as a second answer', async () => {
    const asked = 'Roughly how many U.S. residents had some disability in 2010?';
    const r = await ask(asked);
    const [row] = await t.server.database.db.select().from(questions).where(eq(questions.id, r.questionId));
    expect(row?.history.find((e) => e.type === 'query-response')?.reviewedAnswer).toBe(approved._id);
    const before = (await admin.answer(routes.getReviewedAnswers, { body: { project: 'dish' } })).total;
    const again = await admin.answer(routes.approveAnswer, { params: { id: r.questionId }, body: {} });
    expect(again._id).toBe(approved._id);
    expect(again.questions).toEqual([...approved.questions, asked]);
    const listed = await admin.answer(routes.getReviewedAnswers, { body: { project: 'dish' } });
    expect(listed.total).toBe(before);
    // Asked again in those words, it is the same question: no line naming another.
    const same = await ask(asked);
    expect(same.answer.startsWith('A reviewed answer to')).toBe(false);
    expect(same.answer).toMatch(REVIEWED_LINE);
  });

  it('serves the English reviewed answer to a Hindi question, framed in Hindi', async () => {
    const r = await ask('2010 में अमेरिका में कितने लोग किसी विकलांगता के साथ जी रहे थे?', 'hi');
    expect(r.answer).toMatch(
      /^“How many people in the United States had a disability in 2010\?” प्रश्न का जाँचा गया उत्तर।\n\nयह जाँचा गया उत्तर अंग्रेज़ी में लिखा है:\n\n/,
    );
    expect(r.answer).toContain('56.7 million');
    expect(r.answer).toMatch(/\*DISH टीम द्वारा .+ को जाँचा गया\*$/);
  });

  it('serves it over the project API too', async () => {
    const res = await new Client(t.url).post(
      '/api/v1/ask',
      { query: 'What number of people in the US had disabilities in 2010?' },
      { 'x-api-key': apiKey },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reviewed: true, outcome: 'answer' });
    expect(JSON.stringify(res.body)).toContain('Reviewed by the DISH team');
  });

  it('serves it over WhatsApp too', async () => {
    const from = newSender();
    await deliver(t, textFrom(from, 'About how many Americans had a disability in 2010?'));
    const said = graph
      .sentTo(from)
      .filter((m) => m.type === 'text')
      .map((m) => m.text?.body ?? '')
      .join('\n');
    expect(said).toContain('56.7 million');
    expect(said).toContain('Reviewed by the DISH team');
  });

  it('does not serve it to a question about something else', async () => {
    const r = await ask('Which key closes a modal dialog?');
    expect(r.answer).not.toContain('Reviewed by the DISH team');
  });

  it('serves a written answer, and stops serving an answer whose only source is disabled', async () => {
    const written = await admin.answer(routes.writeReviewedAnswer, {
      body: {
        project: 'dish',
        questions: ['Where does focus go when a modal dialog opens?'],
        answers: { en: 'When a dialog opens, focus moves to an element inside the dialog.' },
        sources: [
          { url: 'https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/', title: 'Dialog (Modal) Pattern' },
        ],
      },
    });
    const r = await ask('When a modal dialog is opened, which element receives focus?');
    expect(r.answer).toContain('focus moves to an element inside the dialog');
    expect(r.answer).toMatch(REVIEWED_LINE);
    expect(written.needsReview).toBe(false);
    // The opposite change lies as close by meaning, in either language, and is not given it.
    for (const [question, language] of [
      ['Where does focus go when a modal dialog closes?', 'en'],
      ['मोडल डायलॉग बंद होने पर फ़ोकस कहाँ जाता है?', 'hi'],
    ] as const)
      expect((await ask(question, language)).answer).not.toContain(
        language === 'en' ? 'Reviewed by the DISH team' : 'DISH टीम द्वारा',
      );

    await t.server.database.db.update(sources).set({ isActive: false }).where(eq(sources.id, source));
    try {
      const again = await ask('In 2010, about how many Americans were living with a disability?');
      expect(again.answer).not.toContain('Reviewed by the DISH team');
      const listed = await admin.answer(routes.getReviewedAnswers, { body: { project: 'dish' } });
      expect(listed.data.find((a) => a._id === approved._id)?.needsReview).toBe(true);
    } finally {
      await t.server.database.db.update(sources).set({ isActive: true }).where(eq(sources.id, source));
    }
  });

  it('stops serving a retired answer', async () => {
    await admin.answer(routes.changeReviewedAnswer, {
      params: { id: approved._id },
      body: { status: 'retired' },
    });
    const r = await ask('In 2010, about how many Americans were living with a disability?');
    expect(r.answer).not.toContain('Reviewed by the DISH team');
    await admin.answer(routes.changeReviewedAnswer, {
      params: { id: approved._id },
      body: { status: 'active' },
    });
  });

  it('groups a refused question and its Hindi paraphrase as one knowledge gap, and dismisses it', async () => {
    const english = await ask('What does a WHILL electric wheelchair cost in India?');
    const hindi = await ask('भारत में WHILL इलेक्ट्रिक व्हीलचेयर की कीमत कितनी है?', 'hi');
    expect(english.links).toEqual([]);
    expect(hindi.links).toEqual([]);
    const { groups } = await admin.answer(routes.getKnowledgeGaps, { body: { project: 'dish' } });
    const group = groups.find((g) => g.questionIds.includes(english.questionId));
    expect(group?.questionIds).toContain(hindi.questionId);
    expect(group?.languages.sort()).toEqual(['en', 'hi']);
    expect(group?.examples.every((e) => e.kind === 'refused')).toBe(true);
    const other = await signInUser(t, ['gsc']);
    expect(
      (await other.answer(routes.dismissGap, { body: { questionIds: group!.questionIds } })).records,
    ).toBe(0);
    const { records } = await admin.answer(routes.dismissGap, { body: { questionIds: group!.questionIds } });
    expect(records).toBe(group!.questionIds.length);
    const after = await admin.answer(routes.getKnowledgeGaps, { body: { project: 'dish' } });
    expect(after.groups.some((g) => g.questionIds.includes(english.questionId))).toBe(false);
  });

  it('marks a question as needing content, a gap until an answer is written for it', async () => {
    const { questionId } = await ask('How many people in the United States had a disability in 2010?');
    await admin.answer(routes.markNeedsContent, { params: { id: questionId }, body: { needsContent: true } });
    const gaps = await admin.answer(routes.getKnowledgeGaps, { body: { project: 'dish' } });
    const group = gaps.groups.find((g) => g.questionIds.includes(questionId));
    expect(group?.examples.find((e) => e._id === questionId)?.kind).toBe('needs_content');
    await admin.answer(routes.writeReviewedAnswer, {
      body: {
        project: 'dish',
        questions: group!.questions,
        answers: { en: 'About 56.7 million.' },
        closes: group!.questionIds,
      },
    });
    const after = await admin.answer(routes.getKnowledgeGaps, { body: { project: 'dish' } });
    expect(after.groups.some((g) => g.questionIds.includes(questionId))).toBe(false);
  });

  it('counts the period’s questions by how they were answered, and the share of reviews approved', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const figures = await admin.answer(routes.getReviewFigures, {
      body: { project: 'dish', from: today, to: today },
    });
    expect(figures.asked).toBeGreaterThanOrEqual(12);
    expect(figures.reviewed).toBeGreaterThanOrEqual(4);
    expect(figures.refused).toBeGreaterThanOrEqual(2);
    // The first answer approved, and the question in other words approved as its paraphrase.
    expect(figures.reviews.approved).toBe(2);
    // The gap closed by a written answer held the marked question and those asked in its words.
    const { approved, rewritten, needsContent } = figures.reviews;
    expect(rewritten).toBeGreaterThanOrEqual(1);
    expect(figures.approvedShare).toBeCloseTo(approved / (approved + rewritten + needsContent));
    const before = await admin.answer(routes.getReviewFigures, {
      body: { project: 'dish', to: '2020-01-01' },
    });
    expect(before.asked).toBe(0);
  });

  it('stops serving an answer whose only source was deleted', async () => {
    await admin.answer(routes.deleteSource, { body: { queryingApp: 'dish', sourceId: source } });
    const r = await ask('In 2010, about how many Americans were living with a disability?');
    expect(r.answer).not.toContain('Reviewed by the DISH team');
    const listed = await admin.answer(routes.getReviewedAnswers, { body: { project: 'dish' } });
    expect(listed.data.find((a) => a._id === approved._id)?.needsReview).toBe(true);
  });

  it('exports the answers, and a fresh server that imports them serves the same answers', async () => {
    const exported = await admin.answer(routes.exportReviewedAnswers, { query: { project: 'dish' } });
    expect(exported.answers).toHaveLength(3);
    const fresh = await startTestServer({ ...SUPER_ENV, INGEST_INTERVAL: '0' });
    try {
      const freshAdmin = await signInSuper(fresh);
      const { records } = await freshAdmin.answer(routes.importReviewedAnswers, {
        body: { project: 'dish', data: exported },
      });
      expect(records).toBe(3);
      const freshSocket = await openChatSocket(fresh, await signedInChatUser(fresh));
      try {
        // No knowledge base there: the same question asked again gets it.
        const reply = await askOnce(freshSocket, 'Where does focus go when a modal dialog opens?');
        expect(reply.content.response.answer).toContain('focus moves to an element inside the dialog');
        expect(reply.content.response.answer).toMatch(REVIEWED_LINE);
      } finally {
        freshSocket.close();
      }
    } finally {
      await fresh.stop();
    }
  });
});
