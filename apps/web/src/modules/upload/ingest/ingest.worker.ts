/// <reference lib="webworker" />
import type { ReadGroupRequest } from './protocol';
import { readGroup } from './read-group';

/**
 * Reads one group's prefixes (one Blob) and parses the headers off the main thread (a longer read, when a
 * header needs one, from the File), and answers the whole group in one message.
 */
self.onmessage = async (event: MessageEvent<ReadGroupRequest>) => {
  self.postMessage(await readGroup(event.data));
};
