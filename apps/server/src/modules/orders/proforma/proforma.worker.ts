// The worker thread behind workerTask for proforma invoices (bundled as dist/proforma-worker.js):
// picture conversion and layout run here, off the thread that answers requests.
import { serveWorker } from '../../../platform/worker-task';
import { renderProforma } from './proforma.render';

serveWorker(renderProforma);
