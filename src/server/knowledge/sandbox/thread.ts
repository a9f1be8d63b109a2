/** A parse worker thread: one job at a time (sandbox.ts sends no more), each answered with its result or its error. */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { expose } from '../../threads/serve';
import { ConnectorError } from '../connectors/types';
import { jobs } from './jobs';

lowerPriority();

// A reader's refusal (a ConnectorError, or one of its kinds) is told to the person as it is.
expose(jobs, { errorFields: (error, fields) => ({ ...fields, connector: error instanceof ConnectorError }) });

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
