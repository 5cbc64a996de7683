import { mediaTypeParameters, splitOutsideQuotes } from './multipart-related';
import { acceptedSyntaxes } from './wado-accept';

/** What a DICOMweb route answers, for content negotiation (PS3.18 8.7). */
export type Answer = 'dicom-json' | 'multipart-dicom' | 'multipart-frames';

const JSON_TYPES = new Set(['application/dicom+json', 'application/json', 'application/*', '*/*']);

/** Whether one media range of an Accept header is met by a DICOM JSON answer. */
function meetsJson(range: string): boolean {
  const { type, params } = mediaTypeParameters(range);
  if (params.q !== undefined && Number(params.q) === 0) return false;
  return JSON_TYPES.has(type);
}

/**
 * Whether a request accepts the answer: no Accept header accepts anything; otherwise one of its media
 * ranges must. A single-part `application/dicom`, XML (`multipart/related; type=application/dicom+xml`)
 * or anything else the server does not produce is not acceptable (406, PS3.18 8.7.1).
 */
export function accepts(accept: string | undefined, answer: Answer): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  if (answer === 'dicom-json') return splitOutsideQuotes(accept, ',').some(meetsJson);
  // Instances and frames: the retrieve's own negotiation (transfer syntaxes, frame media types) decides.
  const part = answer === 'multipart-dicom' ? 'application/dicom' : 'application/octet-stream';
  return acceptedSyntaxes(accept, part).length > 0;
}

/** The 406 message: what the route can answer. */
export const NOT_ACCEPTABLE: Record<Answer, string> = {
  'dicom-json': 'Not acceptable: this resource is answered as application/dicom+json.',
  'multipart-dicom':
    'Not acceptable: instances are answered as multipart/related; type="application/dicom" (no single part).',
  'multipart-frames':
    'Not acceptable: frames are answered as multipart/related; type="application/octet-stream" (or a compressed image type as stored).',
};
