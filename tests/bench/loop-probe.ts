/**
 * Preloaded into a spawned server process by the chat bench (`node --import`): the process's
 * event-loop delay (monitorEventLoopDelay, sampled every 10 ms) and its RSS, for a bench in
 * another process to read without an endpoint in the product. On SIGUSR2 it writes what it saw
 * since the last signal to BENCH_LOOP_FILE and starts afresh.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let seq = 0;
  process.on('SIGUSR2', () => {
    const sample = {
      seq: ++seq,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
      rss: process.memoryUsage.rss(),
    };
    delay.reset();
    writeFileSync(`${file}.tmp`, JSON.stringify(sample));
    renameSync(`${file}.tmp`, file);
  });
}
