// The worker thread behind workerTask: builds workbooks off the main thread (bundled as dist/excel-worker.js).
import { serveWorker } from '../../platform/worker-task';
import { buildWorkbook } from './samples.excel';

serveWorker(buildWorkbook);
