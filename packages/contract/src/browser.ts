import { config } from 'zod';

/**
 * Makes zod parse without compiling code: its JIT first probes `Function('')`, which the apps'
 * Content-Security-Policy (no 'unsafe-eval', decision 0032) refuses and reports as a violation
 * on the first parse. Browsers call it once at start; the server keeps the JIT.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
