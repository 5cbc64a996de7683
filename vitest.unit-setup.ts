import { afterEach } from 'vitest';

/**
 * Unit files run many synchronous tests back to back (a corpus file: 775 of them, 30 s and more on a
 * loaded machine). Without a turn of the event loop between them, the worker cannot read Vitest's
 * answers to its progress messages, which time out after 60 s ('Timeout calling "onTaskUpdate"') and
 * stop the run. One turn after each test lets them through.
 */
afterEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
