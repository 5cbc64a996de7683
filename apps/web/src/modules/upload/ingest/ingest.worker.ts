/// <reference lib="webworker" />
import { readFileHeader } from '@voxa/imaging';
import type { ReadGroupRequest, ReadGroupResponse } from './protocol';

/**
 * Reads the headers of one group of files off the main thread. Files of a group are read one after
 * another: the disk is the bottleneck, and two workers already overlap reading with parsing.
 */
self.onmessage = async (event: MessageEvent<ReadGroupRequest>) => {
  const { id, files, types } = event.data;
  const results = [];
  for (const [index, file] of files.entries()) {
    results.push(await readFileHeader(file, types[index] ?? 'dcm'));
  }
  const response: ReadGroupResponse = { id, results };
  self.postMessage(response);
};
