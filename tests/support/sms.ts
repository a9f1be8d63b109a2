import { createServer } from 'node:http';

/** A real HTTP server on 127.0.0.1 taking SMS_WEBHOOK_URL's posts, standing for the SMS provider. */
export async function startSmsWebhook(): Promise<{
  url: string;
  sent: { to: string; message: string }[];
  stop(): void;
}> {
  const sent: { to: string; message: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      sent.push(JSON.parse(body) as { to: string; message: string });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/sms`, sent, stop: () => server.close() };
}
