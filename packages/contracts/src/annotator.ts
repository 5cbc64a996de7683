import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id } from './common';
import { Permission, READ_CASES } from './permissions';
import { Segmentation } from './segmentations';

/** Every 250 ms the annotator asks for its sign-in until it has one, about 10000 times at most (spec 7.1). */
export const ANNOTATOR_SIGN_IN_POLL_MS = 250;
export const ANNOTATOR_SIGN_IN_MAX_TICKS = 10_000;

/** A converted series of the case's study, as the annotator's series switcher lists it. */
export const CaseSeries = z.object({
  id: Id,
  uuid: z.string().uuid(),
  series_number: z.number().int().nullable(),
  modality_code: z.string().nullable(),
  acquisition_code: z.string().nullable(),
  /** SeriesDescription, else ProtocolName, as the upload kept them. */
  description: z.string().nullable(),
  ref_serie: z.boolean(),
  /** NIfTI files of its conversion (`GET /svc/v2/volume/{uuid}/{0..volumes-1}`). */
  volumes: z.number().int().min(1),
});
export type CaseSeries = z.infer<typeof CaseSeries>;

/**
 * What the annotator opens: the case's study and its converted series, the reference series first, and
 * the study's segmentations the caller may read (each names its series), oldest first.
 */
export const AnnotatorCase = z.object({
  uuid: z.string().uuid(),
  study: z.object({
    id: Id,
    uuid: z.string().uuid(),
    patient_name: z.string(),
    modality: z.string().nullable(),
  }),
  series: z.array(CaseSeries),
  /** Empty for a caller who may not read masks (`r:studies` alone). */
  segmentations: z.array(Segmentation),
});
export type AnnotatorCase = z.infer<typeof AnnotatorCase>;

/** The annotator's sign-in (spec 7.1): the session's token, the user's id and permissions in this team. */
export const AnnotatorSignIn = z.object({
  token: z.string(),
  id: Id,
  user_permission: z.array(Permission),
  permission_version: z.number().int(),
});
export type AnnotatorSignIn = z.infer<typeof AnnotatorSignIn>;

/** The annotator's data: its sign-in and case on the API host, the volumes on the services host (/svc). */
export const annotator = {
  signed: endpoint({
    method: 'POST',
    path: '/annotator/auth/signed',
    scope: 'team',
    anyPermission: READ_CASES,
    summary:
      'The annotator’s sign-in on the team host: the token the request was signed in with, the user’s id ' +
      'and permissions in this team. permission_version is the version the page holds; the answer’s ' +
      'differs when the permissions changed since. 401 signed out, 404 outside the team',
    query: z.strictObject({ permission_version: z.coerce.number().int().min(0).optional() }),
    response: AnnotatorSignIn,
  }),
  case: endpoint({
    method: 'GET',
    path: '/annotator/case/:uuid',
    scope: 'team',
    anyPermission: READ_CASES,
    summary:
      'The case a converted series {uuid} opens: its study and the study’s converted series, the ' +
      'reference series first, then in the organize order; 404 for a series of another team or not converted',
    params: z.strictObject({ uuid: z.string().uuid() }),
    response: AnnotatorCase,
  }),
  volume: endpoint({
    method: 'GET',
    path: '/v2/volume/:uuid/:volume',
    host: 'services',
    scope: 'team',
    anyPermission: READ_CASES,
    summary:
      'Volume {volume} (0 for the first) of converted series {uuid}: its NIfTI bytes as dcm2niix wrote ' +
      'them. ETag per conversion (If-None-Match answers 304), one byte range served (206, If-Range), 416 ' +
      'past the end; 404 for a series of another team, not converted, or without that volume',
    params: z.strictObject({
      uuid: z.string().uuid(),
      volume: z.coerce.number().int().min(0).max(99_999),
    }),
    response: null,
    binary: 'application/octet-stream',
  }),
};
