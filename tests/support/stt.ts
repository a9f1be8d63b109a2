import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What JFK says in ../shared/audio/jfk.wav (the fake endpoint's default answer). */
export const TRANSCRIPT = 'And so my fellow Americans, ask not what your country can do for you';

/** What the fake endpoint received, one entry per request. */
export interface SttRequest {
  path: string;
  authorization: string | undefined;
  model: FormDataEntryValue | null;
  responseFormat: FormDataEntryValue | null;
  file: { name: string; type: string; bytes: Uint8Array } | null;
}

/**
 * A local server speaking the OpenAI transcription API: POST /v1/audio/transcriptions with a
 * multipart body (parsed here with the platform's FormData), answering {"text": …}.
 */
export async function fakeTranscriptionServer() {
  const received: SttRequest[] = [];
  const state = { status: 200, text: TRANSCRIPT, delayMs: 0 };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const form = await new Response(Buffer.concat(chunks), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData();
        const file = form.get('file');
        received.push({
          path: `${req.method} ${req.url}`,
          authorization: req.headers.authorization,
          model: form.get('model'),
          responseFormat: form.get('response_format'),
          file:
            file instanceof File
              ? {
                  name: file.name,
                  type: file.type,
                  bytes: new Uint8Array(await file.arrayBuffer()),
                }
              : null,
        });
        if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        res.writeHead(state.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            state.status === 200 ? { text: state.text } : { error: { message: 'model overloaded' } },
          ),
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
