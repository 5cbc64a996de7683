import type { AiPromptSeriesOption, AiPromptTestResult, RecognitionSeries } from '@voxa/contracts';
import { readDicomFile } from '@voxa/imaging';
import { sql } from 'kysely';
import { ZodError } from 'zod';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { seriesPartKey } from '../../platform/storage/layout';
import { likePattern } from '../admin/service';
import { diskFile } from '../archives/read-headers';
import { inputName } from '../conversion/series-input';
import { readAnswer } from '../recognition/llm-recogniser';
import { allowedCodes } from '../recognition/prompts';
import { recogniseStudy } from '../recognition/recognise';
import { renderPrompt } from '../recognition/render-prompt';
import { readSeriesData, seriesFolder } from '../studies/series-data';
import { recognitionSeriesFromHeader, recognitionSeriesFromRow } from './header-series';
import { promptVersion } from './service';

export const SERIES_NOT_FOUND = 'Series not found.';
type TestDeps = Pick<Deps, 'db' | 'storage' | 'config' | 'llm'>;

/** The team's stored series whose patient name, description or number matches, newest first. */
export async function searchSeries(
  db: Deps['db'],
  teamId: number,
  search: string,
  limit: number,
): Promise<AiPromptSeriesOption[]> {
  let query = db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select([
      'series.uuid',
      'series.modality_code',
      'series.series_number',
      'series.data',
      'studies.uuid as study_uuid',
      'studies.data as study_data',
    ])
    .where('series.team_id', '=', teamId)
    .orderBy('series.id', 'desc')
    .limit(limit);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(studies.data->>'patientName')`, 'like', pattern),
        eb(sql`lower(series.data->>'seriesDescription')`, 'like', pattern),
        eb(sql`lower(series.data->>'protocolName')`, 'like', pattern),
        eb(sql`cast(series.series_number as text)`, '=', search),
      ]),
    );
  }
  const rows = await query.execute();
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return rows.map((row) => {
    const data = readSeriesData(row.data);
    return {
      uuid: row.uuid,
      studyUuid: row.study_uuid,
      patientName: text(row.study_data.patientName),
      studyDate: text(row.study_data.studyDate),
      modality: row.modality_code,
      seriesNumber: row.series_number,
      seriesDescription: data.seriesDescription ?? data.protocolName ?? null,
    };
  });
}

/**
 * The key header attributes of a stored series of the team: read from its first stored DICOM file, or,
 * stored without DICOM, from its row. 404 for a series of another team.
 */
async function storedSeriesAttributes(
  deps: TestDeps,
  teamId: number,
  seriesUuid: string,
  modality: string,
): Promise<RecognitionSeries> {
  const series = await deps.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select([
      'series.uuid',
      'series.team_id',
      'series.data',
      'series.modality_code',
      'studies.uuid as study_uuid',
    ])
    .where('series.team_id', '=', teamId)
    .where('series.uuid', '=', seriesUuid)
    .executeTakeFirst();
  if (!series) throw notFound(SERIES_NOT_FOUND);
  const fallbackModality = series.modality_code ?? modality;
  const key = [...seriesPartKey(seriesFolder(series, series.study_uuid), 'dicom'), inputName(0)];
  const size = await deps.storage.size(key);
  if (size !== null) {
    const read = await readDicomFile(diskFile(await deps.storage.path(key), size), {
      maxInflatedBytes: deps.config.UPLOAD_MAX_FILE_BYTES,
    });
    if (read.ok && read.type === 'dcm')
      return recognitionSeriesFromHeader(series.uuid, read.header, fallbackModality);
  }
  const data = readSeriesData(series.data);
  return recognitionSeriesFromRow(series.uuid, {
    modality: fallbackModality,
    seriesDescription: data.seriesDescription ?? null,
    protocolName: data.protocolName ?? null,
  });
}

/** Why the model's answer was not used, in words for the test box. */
function failure(error: unknown, timeoutMs: number): string {
  // fetch rejects with a DOMException named TimeoutError when AbortSignal.timeout fires.
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError')
    return `No answer within ${timeoutMs} ms.`;
  if (error instanceof SyntaxError) return `The answer is not JSON: ${error.message}`;
  if (error instanceof ZodError) return 'The answer is not the JSON asked for.';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The test box: one version of a prompt run on a stored series' header, as recognition would run it, with
 * everything shown: the messages, the model's raw answer and what was read from it, or the rules' answer
 * when no model is configured or its answer is unusable. The model's call is bounded by LLM_TIMEOUT_MS.
 */
export async function testPrompt(
  deps: TestDeps,
  teamId: number,
  input: { promptId: number; seriesUuid: string; version?: number },
): Promise<AiPromptTestResult> {
  const prompt = await promptVersion(deps.db, input.promptId, input.version);
  const series = await storedSeriesAttributes(deps, teamId, input.seriesUuid, prompt.modality);
  const allowed = await allowedCodes(deps.db);
  const study = { modality: prompt.modality, series: [series] };
  const messages = renderPrompt(prompt.texts, study, allowed);
  const rules = () => recogniseStudy(study.series, allowed, study.modality);
  const base = { version: prompt.version, series, messages, modelConfigured: deps.llm !== null };
  if (!deps.llm) return { ...base, raw: null, error: null, source: 'rules', result: rules() };
  let raw: string | null = null;
  try {
    raw = await deps.llm.complete(messages, new AbortController().signal);
    return {
      ...base,
      raw,
      error: null,
      source: 'llm',
      result: readAnswer(raw, study.series, allowed, rules),
    };
  } catch (error) {
    return {
      ...base,
      raw,
      error: failure(error, deps.config.LLM_TIMEOUT_MS),
      source: 'rules',
      result: rules(),
    };
  }
}
