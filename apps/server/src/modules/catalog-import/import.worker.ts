// The worker thread behind workerTask: the import's spreadsheets, zips and pictures are read off
// the main thread (bundled as dist/import-worker.js; decision 0055).
import { parentPort } from 'node:worker_threads';
import { type ImportWork, runImportWork } from './import.work';

parentPort?.on('message', (m: { id: number; input: ImportWork }) => {
  runImportWork(m.input).then(
    (result) => parentPort?.postMessage({ id: m.id, ok: true, result }),
    (e: unknown) => parentPort?.postMessage({ id: m.id, ok: false, error: String(e) }),
  );
});
