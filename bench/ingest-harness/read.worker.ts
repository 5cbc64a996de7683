/// <reference lib="webworker" />
/** Reads the Blob it is sent and answers with its id: the ingest worker's read without the parse. */
self.onmessage = async (event: MessageEvent<{ id: number; blob: Blob }>) => {
  await event.data.blob.arrayBuffer();
  self.postMessage(event.data.id);
};
