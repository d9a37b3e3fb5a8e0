import { afterEach } from 'vitest';
// jsdom's missing browser APIs and unmounting after each test, as the console's tests have them.
import '@vitrine/web-core/test/dom';
import { sessionEnded } from '../lib/session-events';

// The order screens' connection lingers 10 s after its page and the chat's retries on its own; a
// timer of either firing after the test file's window is gone is an unhandled error (it failed the
// console's CI run once). Each test ends the session as logging out would, closing both.
afterEach(() => sessionEnded());
