import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// jsdom's missing browser APIs and unmounting after each test, as the buyer app's tests have them.
import '@vitrine/web-core/test/dom';
import { closeStaffSocket } from '../features/chat/staff-socket';

// The console's pages load their code and data on demand: on a busy machine the first render of a
// route takes longer than Testing Library's default second (about 10 s at a load of 20 on two cores;
// the project's test timeout is 20 s). Tests wait by this one setting, not their own.
configure({ asyncUtilTimeout: 10_000 });

// The shell opens the console's one live connection; in jsdom it fails and schedules a retry. Left
// open, that retry fired after the test file's window was gone ("WebSocket is not defined", an
// unhandled error that failed CI), so each test closes it as logging out would.
afterEach(() => closeStaffSocket());
