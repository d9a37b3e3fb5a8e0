// The worker thread behind workerTask for linesheets (bundled as dist/linesheet-worker.js):
// picture conversion and layout run here, off the thread that answers requests.
import { serveWorker } from '../../platform/worker-task';
import { renderLinesheet } from './linesheet.render';

serveWorker(renderLinesheet);
