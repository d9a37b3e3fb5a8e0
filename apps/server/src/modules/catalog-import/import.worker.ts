// The worker thread behind workerTask: the import's spreadsheets, zips and pictures are read off
// the main thread (bundled as dist/import-worker.js; decision 0055).
import { serveWorker } from '../../platform/worker-task';
import { handedOverBytes, runImportWork } from './import.work';

serveWorker(runImportWork, { transfer: handedOverBytes });
