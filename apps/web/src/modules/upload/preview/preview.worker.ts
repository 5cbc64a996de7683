/// <reference lib="webworker" />
import type { PreviewRequest, PreviewResponse } from './protocol';
import { convertSeries, renderDicom, renderNifti } from './renderers';

function handle(request: PreviewRequest) {
  if (request.type === 'dicom') return renderDicom(request);
  if (request.type === 'nifti') return renderNifti(request);
  return convertSeries(request);
}

/** Decodes, windows and encodes previews (and runs dcm2niix) off the main thread, one request at a time. */
self.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { id } = event.data;
  let response: PreviewResponse;
  try {
    response = { id, result: await handle(event.data) };
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown.message : String(thrown);
    response = { id, result: { ok: false, reason: 'error', error } };
  }
  self.postMessage(response);
};
