/// <reference lib="webworker" />
import { readFileHeader } from '@voxa/imaging';
import type { ReadGroupRequest, ReadGroupResponse } from './protocol';
import { entryFile } from './read-entry';

/**
 * Parses the headers of one group of files off the main thread, from the prefixes the page read (a
 * longer read, when a header needs one, from the File), and answers the whole group in one message.
 */
self.onmessage = async (event: MessageEvent<ReadGroupRequest>) => {
  const { id, entries, maxInflatedBytes } = event.data;
  const results = await Promise.all(
    entries.map((entry) => readFileHeader(entryFile(entry), entry.type, { maxInflatedBytes })),
  );
  const response: ReadGroupResponse = { id, results };
  self.postMessage(response);
};
