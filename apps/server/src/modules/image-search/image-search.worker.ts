// The worker behind workerTask for image search (bundled as dist/image-worker.js): keeps
// decoding, ORB and vocabulary learning off the thread that answers requests. Buyers' queries
// run in threads of it; the catalogue's indexing in a child process of it (decision 0078).
import { serveWorker } from '../../platform/worker-task';
import { type ImageJob, runImageJob } from './image-search.work';

serveWorker((job: ImageJob) => runImageJob(job));
