/** A parse worker thread's loop: one job at a time, each answered with its result or its error. */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { ConnectorError } from '../connectors/types';
import { jobs, type JobReply, type JobRequest } from './jobs';

const port = parentPort;
if (!port) throw new Error('thread.ts runs only as a worker thread (see sandbox.ts).');

lowerPriority();

port.on('message', (request: JobRequest) => {
  void run(request).then((reply) => port.postMessage(reply));
});

async function run({ id, name, args }: JobRequest): Promise<JobReply> {
  try {
    const job = jobs[name] as (...a: unknown[]) => Promise<unknown>;
    return { id, ok: true, result: await job(...args) };
  } catch (error) {
    return {
      id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      connector: error instanceof ConnectorError,
    };
  }
}

/**
 * Reading files yields the CPU to the server's own thread, which answers people: on a machine
 * of two cores a parse at full priority delays every request. Linux gives each thread its own
 * nice value (setpriority on the thread id); elsewhere this does nothing.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) os.setPriority(tid, 15);
  } catch {
    // No /proc (not Linux) or not allowed: the worker runs at the server's priority.
  }
}
