/**
 * Sign-in figures on this machine: `npx tsx tests/bench/auth.bench.ts` (DATABASE_URL for PostgreSQL).
 * Prints latencies; asserts nothing. Results are kept in docs/performance.md.
 */
import { Client, newUser } from '../support/http';
import { startTestServer } from '../support/server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

function summary(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `${name.padEnd(28)} n=${sorted.length}  p50=${at(0.5)} ms  p95=${at(0.95)} ms  max=${at(1)} ms`;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const t = await startTestServer();
try {
  const user = newUser();
  await new Client(t.url).post('/auth/register', user);
  const register: number[] = [];
  const login: number[] = [];
  const getme: number[] = [];
  const signedIn = new Client(t.url);
  await signedIn.post('/auth/login', { emailOrPhone: user.email, password: user.password });
  for (let i = 0; i < ROUNDS; i++) {
    register.push(await time(() => new Client(t.url).post('/auth/register', newUser())));
    login.push(
      await time(() =>
        new Client(t.url).post('/auth/login', { emailOrPhone: user.email, password: user.password }),
      ),
    );
    getme.push(await time(() => signedIn.get('/auth/getme')));
  }
  console.log(`database: ${t.server.database.kind}, node ${process.version}`);
  console.log(summary('POST /auth/register', register));
  console.log(summary('POST /auth/login', login));
  console.log(summary('GET /auth/getme', getme));
} finally {
  await t.stop();
}
