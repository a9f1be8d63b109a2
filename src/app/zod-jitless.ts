/**
 * Zod compiles object schemas with `new Function` when it can, and finds out whether it can by
 * trying: under the server's Content-Security-Policy (no 'unsafe-eval') the browser refuses and
 * logs the refusal on every page (Lighthouse's best practices count it). Told up front that it may
 * not, it never tries. It sits in zod's own chunk (vite.config.ts), so the built app runs it as
 * zod loads, before any chunk makes a schema; src/app/api/auth.ts imports it into the build.
 */
import { z } from 'zod';

z.config({ jitless: true });
