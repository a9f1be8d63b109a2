import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerMessage, ArticulatingMessage } from '../../../src/shared/chat/protocol';
import { questions } from '../../../src/server/db/schema';
import { NO_ENGINE_REASON, voiceMessages } from '../../../src/server/voice/errors';
import { VOICE_STATUS_PATH } from '../../../src/shared/chat/voice';
import { id3v2Length } from '../../../src/server/voice/mp3-frames';
import { speechText } from '../../../src/server/voice/speech-text';
import { findWhisperModel } from '../../../src/server/voice/stt-whisper';
import { TTS_FILE } from '../../../src/server/voice/tts';
import type { Client } from '../../support/http';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import { sharedPath } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';
import { fakeTranscriptionServer, TRANSCRIPT, type SttRequest } from '../../support/stt';
import { audioFile, decodedSeconds, jfkMp3, lameMp3 } from './audio';

/** Sends a recording on question-voice and collects the progress notes until answer-voice comes. */
function askByVoice(socket: ChatClient, audio?: Uint8Array) {
  const notes: string[] = [];
  return new Promise<{ answer: AnswerMessage; notes: string[] }>((resolve) => {
    const onNote = (m: ArticulatingMessage) => notes.push(m.content.text);
    socket.on('articulating', onNote);
    socket.once('answer-voice', (answer) => {
      socket.off('articulating', onNote);
      resolve({ answer, notes });
    });
    socket.emit('question-voice', {
      event: 'question-voice',
      content: {
        query: '',
        sourceMode: 'web',
        project: 'dish',
        sessionId: '',
        ...(audio ? { audioBuffer: audio } : {}),
      },
    });
  });
}

async function storedQuestion(t: TestServer, id: string | null) {
  const [row] = await t.server.database.db
    .select()
    .from(questions)
    .where(eq(questions.id, id ?? ''));
  return row!;
}

/**
 * The recording test of issue 5: the real JFK recording as MP3 over a real socket, transcribed,
 * answered, spoken; its audioPath serves MP3 that decodes to speech of plausible length.
 */
async function recordingRoundTrip(t: TestServer, socket: ChatClient): Promise<AnswerMessage> {
  const { answer, notes } = await askByVoice(socket, jfkMp3());
  const { response, questionId } = answer.content;
  expect(answer.event).toBe('answer-voice');
  expect(response.error).toBeNull();
  expect(response.text).toMatch(/ask not what your country can do for you/i);
  expect(response.answer.length).toBeGreaterThan(20);
  expect(response.audioPath).toMatch(TTS_FILE);
  // Notes are paced (realtime/paced-notes.ts): which later ones show depends on how long each step takes.
  expect(notes[0]).toBe('Listening to your question…');
  expect(notes.at(-1)).toBe('');

  const row = await storedQuestion(t, questionId);
  expect(row.event).toBe('question-voice');
  expect(row.status).toBe('answered');
  expect(row.query).toBe(response.text);
  expect(row.history[0]).toMatchObject({ type: 'voice-query', text: response.text });
  expect(row.history.map((e) => e.type)).toEqual(
    expect.arrayContaining(['voice-query', 'detect-language-query', 'detected-language', 'query-response']),
  );
  // The admin's history can play the spoken answer.
  expect(row.history.find((e) => e.type === 'query-response')?.audioPath).toBe(response.audioPath);

  const audio = await fetch(`${t.url}/tts/${response.audioPath}`);
  expect(audio.status).toBe(200);
  expect(audio.headers.get('content-type')).toBe('audio/mpeg');
  const { seconds } = await decodedSeconds(new Uint8Array(await audio.arrayBuffer()));
  // About 15 characters a second at eSpeak's 170 words a minute.
  const characters = speechText(response.answer).length;
  expect(seconds).toBeGreaterThan(Math.max(2, characters / 40));
  expect(seconds).toBeLessThan(characters / 6);
  return answer;
}

describe('voice questions through an OpenAI-compatible transcription endpoint', () => {
  let stt: Awaited<ReturnType<typeof fakeTranscriptionServer>>;
  let t: TestServer;
  let user: { client: Client; sessionId: string };
  const sockets: ChatClient[] = [];
  const socket = async () => {
    const s = await openChatSocket(t, user);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    stt = await fakeTranscriptionServer();
    t = await startTestServer({ STT_BASE_URL: stt.url, STT_API_KEY: 'sk-test-stt', INGEST_INTERVAL: '0' });
    user = await signedInChatUser(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await stt.stop();
  });

  it('transcribes the real recording sent as MP3, answers it and speaks the answer', async () => {
    stt.received.length = 0;
    const answer = await recordingRoundTrip(t, await socket());
    expect(answer.content.response.text).toBe(TRANSCRIPT);
    // The endpoint got the MP3 as it was recorded, the model and the key.
    expect(stt.received).toHaveLength(1);
    const [request] = stt.received as [SttRequest];
    expect(request.path).toBe('POST /v1/audio/transcriptions');
    expect(request.authorization).toBe('Bearer sk-test-stt');
    expect(request.model).toBe('whisper-1');
    expect(request.responseFormat).toBe('json');
    expect(request.file?.name).toBe('question.mp3');
    expect(request.file?.type).toBe('audio/mpeg');
    expect(Buffer.from(request.file!.bytes).equals(Buffer.from(jfkMp3()))).toBe(true);
  });

  it.each<[string, () => Uint8Array | undefined, string]>([
    ['a WAV file', () => audioFile('jfk.wav'), voiceMessages.notMp3],
    ['an Ogg/Opus file', () => audioFile('jfk_mono_24k.opus.ogg'), voiceMessages.notMp3],
    ['three seconds of silence', () => lameMp3(new Int16Array(3 * 44_100), 44_100), voiceMessages.silence],
    [
      '33 seconds of speech',
      () => {
        const one = jfkMp3();
        const frames = one.subarray(id3v2Length(one));
        return new Uint8Array([...one, ...frames, ...frames]);
      },
      voiceMessages.tooLong,
    ],
    ['no recording at all', () => undefined, voiceMessages.noRecording],
  ])('answers %s with a clear error on answer-voice and records it', async (_, audio, message) => {
    stt.received.length = 0;
    const { answer } = await askByVoice(await socket(), audio());
    expect(answer.content.response).toMatchObject({ error: message, answer: '', audioPath: null });
    const row = await storedQuestion(t, answer.content.questionId);
    expect(row.status).toBe('failed');
    expect(row.history.map((e) => [e.type, e.type === 'error' ? e.message : e.text])).toEqual([
      ['voice-query', ''],
      ['error', message],
    ]);
    // Nothing reached the endpoint.
    expect(stt.received).toHaveLength(0);
  });

  it('answers an endpoint failure, or a transcript without words, with a sentence; then works again', async () => {
    const s = await socket();
    stt.state.status = 500;
    const failed = await askByVoice(s, jfkMp3());
    expect(failed.answer.content.response.error).toBe(voiceMessages.engineFailed);
    const row = await storedQuestion(t, failed.answer.content.questionId);
    expect(row.history.at(-1)).toMatchObject({ type: 'error', message: voiceMessages.engineFailed });
    expect(row.history.at(-1)?.error).toMatch(/answered 500/);

    stt.state.status = 200;
    stt.state.text = ' … ';
    expect((await askByVoice(s, jfkMp3())).answer.content.response.error).toBe(voiceMessages.noWords);

    stt.state.text = TRANSCRIPT;
    const again = await askByVoice(s, jfkMp3());
    expect(again.answer.content.response.error).toBeNull();
    expect(again.answer.content.response.audioPath).toMatch(TTS_FILE);
  });
});

describe('voice questions and everyone else', () => {
  it('a slow transcription holds up no one else’s answer (it waits for an answering turn only once heard)', async () => {
    const stt = await fakeTranscriptionServer();
    stt.state.delayMs = 2500;
    const t = await startTestServer({ STT_BASE_URL: stt.url, INGEST_INTERVAL: '0' });
    const speaker = await openChatSocket(t, await signedInChatUser(t));
    const typist = await openChatSocket(t, await signedInChatUser(t));
    try {
      const order: string[] = [];
      const voice = askByVoice(speaker, jfkMp3()).then((r) => {
        order.push('voice');
        return r;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const typed = await askOnce(typist, 'What is a screen reader?');
      order.push('text');
      expect(typed.content.response.error).toBeNull();
      expect((await voice).answer.content.response.error).toBeNull();
      expect(order).toEqual(['text', 'voice']);
    } finally {
      speaker.close();
      typist.close();
      await t.stop();
      await stt.stop();
    }
  });
});

describe('voice questions without a speech-recognition engine', () => {
  it('with no Whisper model in MODELS_DIR (../shared/fixtures): the server starts, says so, and tells the user plainly', async () => {
    const t = await startTestServer({ MODELS_DIR: sharedPath('fixtures'), INGEST_INTERVAL: '0' });
    try {
      // The chat asks before offering the microphone.
      const status = await fetch(`${t.url}${VOICE_STATUS_PATH}`);
      expect(status.headers.get('cache-control')).toBe('no-store');
      expect(await status.json()).toEqual({ available: false });

      const socket = await openChatSocket(t, await signedInChatUser(t));
      const { answer } = await askByVoice(socket, jfkMp3());
      socket.close();
      // A sentence for the person who spoke; why (the owner's business) is in the record.
      expect(answer.content.response.error).toBe(
        'Voice questions are not available right now. You can type your question.',
      );
      const row = await storedQuestion(t, answer.content.questionId);
      expect(row.status).toBe('failed');
      const event = row.history.at(-1);
      expect(event).toMatchObject({ type: 'error', message: voiceMessages.notAvailable });
      expect(String(event?.error)).toContain(NO_ENGINE_REASON);
    } finally {
      await t.stop();
    }
  });
});

// With a real Whisper model in ../shared/models (MODELS.md) the recording test runs through
// Transformers.js unchanged. Until one is there, the same call must give the clear no-engine
// answer: the test checks what the shared models allow, and is never skipped.
const sharedModels = sharedPath('models');
const whisper = findWhisperModel({ modelsDir: sharedModels, model: 'whisper-base', allowRemote: false });
describe('voice questions through Whisper (Transformers.js) from ../shared/models', () => {
  it(
    whisper.model
      ? 'transcribes the real recording, answers it and speaks the answer'
      : 'has no Whisper model there yet, and says so plainly',
    async () => {
      const t = await startTestServer({ MODELS_DIR: sharedModels, INGEST_INTERVAL: '0' });
      try {
        const socket = await openChatSocket(t, await signedInChatUser(t));
        if (whisper.model) {
          await recordingRoundTrip(t, socket);
        } else {
          const { answer } = await askByVoice(socket, jfkMp3());
          expect(answer.content.response.error).toBe(voiceMessages.notAvailable);
        }
        socket.close();
      } finally {
        await t.stop();
      }
    },
    180_000,
  );
});
