// The worker thread behind workerTask for proforma invoices (bundled as dist/proforma-worker.js):
// picture conversion and layout run here, off the thread that answers requests.
import { parentPort } from 'node:worker_threads';
import type { ProformaDocument } from './proforma.input';
import { renderProforma } from './proforma.render';

parentPort?.on('message', (m: { id: number; input: ProformaDocument }) => {
  renderProforma(m.input).then(
    (result) => parentPort?.postMessage({ id: m.id, ok: true, result }),
    (e: unknown) => parentPort?.postMessage({ id: m.id, ok: false, error: String(e) }),
  );
});
