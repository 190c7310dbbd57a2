// Worker-thread entry: registers tsx's TypeScript loader in this thread, then loads the workers.
// (A thread's own `--import tsx` does not reach its entry module on Node 20.)
import { register } from 'tsx/esm/api';

register();
await import('./workers-thread.ts');
