import * as api from '@voxa/contracts/areas';
import { hostPrefix } from '@voxa/contracts';
import { isEncapsulatedSyntax, type UploadSeries } from '@voxa/imaging';
import { fillPath } from '../../../lib/request';
import { browserConnection } from '../transfer/browserConnection';
import { keepSlice, type PreviewOutcome, type PreviewService } from './previewService';

/** Decoded from the 422 of GET c-upload/preview (errors.preview). */
function placeholderOf(status: number, body: { message?: unknown; errors?: { preview?: unknown } }) {
  const reason = Array.isArray(body.errors?.preview) ? body.errors.preview[0] : null;
  const error = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
  return { kind: 'placeholder', text: reason === 'no-image' ? 'No image' : 'Error', error } as const;
}

/**
 * Previews of the series read from archives on the server (GET c-upload/preview/{session}/{uploadId}):
 * the server renders each slice to a small PNG, so a slow network carries tiles, not the files. The first
 * preview of a compressed series waits for the server's dcm2niix (generatingPreviewNii meanwhile).
 */
function createServerPreviewService(session: string): PreviewService {
  const images = new Map<string, Map<number, PreviewOutcome>>();

  const load = async (series: UploadSeries, slice: number, signal: AbortSignal) => {
    const path = fillPath(api.archives.preview.path, { session, uploadId: series.uploadId ?? '' });
    const res = await fetch(`${hostPrefix(api.archives.preview)}${path}?slice=${slice}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', ...browserConnection().headers() },
      signal,
    });
    if (!res.ok) return placeholderOf(res.status, await res.json().catch(() => ({})));
    const slices = Number(res.headers.get('X-Slices'));
    // A volume (NIfTI, or a compressed series through dcm2niix) may hold more slices than files.
    const volume = series.type === 'nii' || isEncapsulatedSyntax(series.transferSyntaxUID);
    return { kind: 'image', png: await res.blob(), slices: volume && slices > 0 ? slices : null } as const;
  };

  return {
    async preview(series, slice, signal) {
      const key = series.uploadId ?? series.id;
      const cache = images.get(key) ?? new Map<number, PreviewOutcome>();
      images.set(key, cache);
      const cached = cache.get(slice);
      if (cached) return cached;
      const outcome = await load(series, slice, signal);
      keepSlice(cache, slice, outcome);
      return outcome;
    },
    // Until its first preview has come back, a compressed series waits for the server's dcm2niix.
    needsConversion: (series) =>
      series.type === 'dcm' &&
      isEncapsulatedSyntax(series.transferSyntaxUID) &&
      !images.get(series.uploadId ?? series.id)?.size,
  };
}

const services = new Map<string, PreviewService>();

/** One service per upload session. */
export function serverPreviewServiceFor(session: string): PreviewService {
  const service = services.get(session) ?? createServerPreviewService(session);
  services.set(session, service);
  return service;
}
