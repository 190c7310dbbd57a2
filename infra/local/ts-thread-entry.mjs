// Worker-thread entry for TypeScript modules: registers tsx's loader in this thread, then loads the
// module named by `workerData.module` (a file URL). A thread's own `--import tsx` does not reach its
// entry module on Node 20, hence this small JavaScript file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
