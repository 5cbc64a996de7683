import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatUploadHeader } from '@voxa/contracts';
import type { Page } from 'playwright-core';
import { serverCall } from './apiCall';

/** What the upload page would read from the files' headers; the helper's neutral values otherwise. */
export interface UploadedSeriesHeaders {
  patientName?: string;
  seriesNumber?: number;
  seriesDescription?: string | null;
  acquisitionCode?: string | null;
  rows?: number | null;
  columns?: number | null;
}

export interface UploadedSeries {
  studyUuid: string;
  seriesUuid: string;
}

/**
 * Uploads DICOM files (one, or several of one series) as one series through the real upload API (the
 * calls the upload page makes: session, chunks, study, conversion) with the signed-in page's token, and
 * waits for its conversion. For a series the upload page cannot process yet (the page asks an acquisition,
 * and none is offered for XA), or for a story that starts from a converted series the upload stories
 * drive by hand. Answers the converted series' uuid.
 */
export async function uploadSeriesThroughApi(
  page: Page,
  /** The base address (Node does not resolve team sub-domains of localhost): the team goes as a header. */
  baseUrl: string,
  team: string,
  file: string | readonly string[],
  modality: string,
): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('voxa_token') ?? '');
  return (await uploadSeriesWithToken(token, baseUrl, team, file, modality)).seriesUuid;
}

/**
 * The same with a token (the seeded data's global setup has no page), `headers` as the upload page would
 * read them; with `finish`, the upload ends as the page ends it (POST /upload-finished).
 */
export async function uploadSeriesWithToken(
  token: string,
  baseUrl: string,
  team: string,
  file: string | readonly string[],
  modality: string,
  { headers: read = {}, finish = false }: { headers?: UploadedSeriesHeaders; finish?: boolean } = {},
): Promise<UploadedSeries> {
  const headers = { authorization: `Bearer ${token}`, team, 'x-requested-with': 'XMLHttpRequest' };
  const json = (method: string, apiPath: string, body?: unknown) =>
    serverCall<Record<string, unknown>>(baseUrl, method, apiPath, { body, token, team });
  const session = String((await json('POST', '/c-upload', { prepare: true })).session);
  const ids: string[] = [];
  for (const one of typeof file === 'string' ? [file] : file) {
    const bytes = new Uint8Array(await readFile(one));
    const name = `1/1/${path.basename(one)}`;
    const id = createHash('sha256').update(name).digest('hex').slice(0, 32);
    const form = new FormData();
    form.append('name', name);
    form.append('session_id', session);
    form.append('file', new Blob([bytes]), 'blob');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const upload = formatUploadHeader({
      id,
      index: 0,
      count: 1,
      chunk: bytes.length,
      size: bytes.length,
      sha256,
    });
    const sent = await fetch(`${baseUrl}/api/c-upload/file`, {
      method: 'POST',
      headers: { ...headers, upload },
      body: form,
    });
    if (!sent.ok) throw new Error(`chunk: ${sent.status} ${await sent.text()}`);
    ids.push(id);
  }
  const series = {
    id: 'series-1',
    type: 'dcm',
    seriesNumber: read.seriesNumber ?? 1,
    modalityCode: modality,
    cnt: ids.length,
    ...(read.seriesDescription === undefined ? {} : { seriesDescription: read.seriesDescription }),
    ...(read.acquisitionCode === undefined ? {} : { acquisitionCode: read.acquisitionCode }),
    ...(read.rows === undefined ? {} : { rows: read.rows }),
    ...(read.columns === undefined ? {} : { columns: read.columns }),
  };
  const study = (await json('POST', '/upload/studies?version=2', {
    study: {
      id: 'study-1',
      patientName: read.patientName ?? 'ANON-XA',
      modality,
      series: [{ ...series, numberOfFrames: 1 }],
    },
    studyInstanceUid: null,
    session_id: session,
    anonymize: true,
  })) as { id: number; uuid: string; series: { id: number; uuid: string }[] };
  const stored = study.series[0];
  if (!stored) throw new Error('the study has no series');
  await json('POST', `/c-upload/convert/serie/${session}`, {
    studyClientId: 'study-1',
    studyRemoteId: study.id,
    studyRemoteUuid: study.uuid,
    serieClientUploadId: 'series-1',
    serieRemoteId: stored.id,
    serieRemoteUuid: stored.uuid,
    type: 'dcm',
    location: 'local',
    files: ids,
    modalityCode: modality,
    anonymize: true,
    idx: 0,
  });
  for (const end = Date.now() + 120_000; Date.now() < end;) {
    const listed = (await json('GET', `/studies-v2/series/${study.id}`)) as unknown as {
      uuid: string;
      status: string;
    }[];
    const status = listed.find((s) => s.uuid === stored.uuid)?.status;
    if (status === 'done') {
      if (finish) await json('POST', '/upload-finished', { studies: [{ studyUuid: study.uuid }] });
      return { studyUuid: study.uuid, seriesUuid: stored.uuid };
    }
    if (status === 'error') throw new Error('the conversion failed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the conversion did not end');
}
