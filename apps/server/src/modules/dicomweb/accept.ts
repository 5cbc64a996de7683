import { mediaTypeParameters, splitOutsideQuotes } from './multipart-related';

/** What a DICOMweb route answers, for content negotiation (PS3.18 8.7). */
export type Answer = 'dicom-json' | 'multipart-dicom' | 'multipart-frames';

const JSON_TYPES = new Set(['application/dicom+json', 'application/json', 'application/*', '*/*']);

/** Whether one media range of an Accept header is met by the answer. */
function meets(range: string, answer: Answer): boolean {
  const { type, params } = mediaTypeParameters(range);
  if (params.q !== undefined && Number(params.q) === 0) return false;
  if (type === '*/*') return true;
  if (answer === 'dicom-json') return JSON_TYPES.has(type);
  if (type === 'multipart/*') return true;
  if (type !== 'multipart/related') return false;
  const part = params.type?.toLowerCase();
  // The part type defaults to the resource's (PS3.18 8.7.3.5): DICOM instances, or raw frame bytes.
  if (answer === 'multipart-dicom') return part === undefined || part === 'application/dicom';
  return part === undefined || part === 'application/octet-stream';
}

/**
 * Whether a request accepts the answer: no Accept header accepts anything; otherwise one of its media
 * ranges must. A single-part `application/dicom`, XML (`multipart/related; type=application/dicom+xml`)
 * or anything else the server does not produce is not acceptable (406, PS3.18 8.7.1).
 */
export function accepts(accept: string | undefined, answer: Answer): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return splitOutsideQuotes(accept, ',').some((range) => meets(range, answer));
}

/** The 406 message: what the route can answer. */
export const NOT_ACCEPTABLE: Record<Answer, string> = {
  'dicom-json': 'Not acceptable: this resource is answered as application/dicom+json.',
  'multipart-dicom':
    'Not acceptable: instances are answered as multipart/related; type="application/dicom" (no single part).',
  'multipart-frames':
    'Not acceptable: frames are answered as multipart/related; type="application/octet-stream".',
};
