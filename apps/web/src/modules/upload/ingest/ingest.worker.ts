/// <reference lib="webworker" />
import { readFileHeader } from '@voxa/imaging';
import type { ReadGroupRequest, ReadGroupResponse } from './protocol';

/**
 * Reads the headers of one group of files off the main thread. The reads of a group are all started at
 * once, so the browser's file reading overlaps with parsing the headers that have arrived.
 */
self.onmessage = async (event: MessageEvent<ReadGroupRequest>) => {
  const { id, files, types, maxInflatedBytes } = event.data;
  const results = await Promise.all(
    files.map((file, index) => readFileHeader(file, types[index] ?? 'dcm', { maxInflatedBytes })),
  );
  const response: ReadGroupResponse = { id, results };
  self.postMessage(response);
};
