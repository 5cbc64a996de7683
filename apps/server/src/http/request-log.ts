import type { FastifyRequest } from 'fastify';

/** A DICOM UID: four or more dot-separated numbers (`1.2.840.113619.2.…`). */
const DICOM_UID = /\b\d+(?:\.\d+){3,}\b/g;

/**
 * A URL as the log keeps it: DICOM UIDs replaced, since the spec puts the original StudyInstanceUID in a
 * path (`GET /studies/{uid}/check`) and the log must not keep what de-identification removes.
 */
export const redactUrl = (url: string): string => url.replace(DICOM_UID, '[uid]');

/** What the log records of a request: Fastify's own fields, with the URL redacted. */
export function requestLogEntry(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
