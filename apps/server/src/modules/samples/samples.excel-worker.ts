// The worker thread behind workerTask: builds workbooks off the main thread (bundled as dist/excel-worker.js).
import { parentPort } from 'node:worker_threads';
import { buildWorkbook, type WorkbookInput } from './samples.excel';

parentPort?.on('message', (m: { id: number; input: WorkbookInput }) => {
  buildWorkbook(m.input).then(
    (result) => parentPort?.postMessage({ id: m.id, ok: true, result }),
    (e: unknown) => parentPort?.postMessage({ id: m.id, ok: false, error: String(e) }),
  );
});
