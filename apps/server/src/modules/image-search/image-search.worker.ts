// The worker thread behind workerTask for image search (bundled as dist/image-worker.js): keeps
// decoding, ORB and vocabulary learning off the thread that answers requests.
import { parentPort } from 'node:worker_threads';
import { type ImageJob, runImageJob } from './image-search.work';

parentPort?.on('message', (m: { id: number; input: ImageJob }) => {
  runImageJob(m.input).then(
    (result) => parentPort?.postMessage({ id: m.id, ok: true, result }),
    (e: unknown) => parentPort?.postMessage({ id: m.id, ok: false, error: String(e) }),
  );
});
