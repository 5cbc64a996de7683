// The training thread's entry. The server's sources are TypeScript run through tsx, which a new thread
// does not inherit in every host (vitest's workers), so it loads them through tsx's API itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./train.thread.ts', import.meta.url);
