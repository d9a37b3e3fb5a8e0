// The worker behind workerTask: the import's spreadsheets, zips and pictures are read off the
// main thread (bundled as dist/import-worker.js; decision 0055), in a process of its own below
// the server's priority (main.ts, decision 0078), or a thread where one is asked for.
import { serveWorker } from '../../platform/worker-task';
import { handedOverBytes, runImportWork } from './import.work';

serveWorker(runImportWork, { transfer: handedOverBytes });
