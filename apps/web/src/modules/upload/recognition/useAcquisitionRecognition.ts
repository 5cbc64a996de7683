import * as api from '@voxa/contracts/areas';
import { RECOGNITION_DEADLINE_MS, RecognitionResponse, type RecognitionStudy } from '@voxa/contracts';
import type { AcquisitionOption } from '@voxa/imaging';
import { useEffect, useRef, type Dispatch } from 'react';
import { useSocket, type AppSocket } from '../../../app/session/useRealtime';
import { call } from '../../../lib/api';
import type { UploadPageState } from '../state/model';
import { awaitsPrompt, type StartedPrompt } from '../state/recognition';
import { recognitionRequests } from '../state/recognitionRequest';
import type { UploadAction } from '../state/reducer';
import { useAcquisitions } from '../useUploadApi';
import { cancelPrompt } from './cancelPrompt';

/** "AI prompt preparation delay 1000 ms" (section 9): recognition starts this long after Next. */
export const RECOGNITION_PREPARATION_MS = 1000;

type Latest<T> = { readonly current: T };

function useLatest<T>(value: T): Latest<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

interface RecognitionContext {
  socket: AppSocket;
  page: Latest<UploadPageState>;
  dispatch: Dispatch<UploadAction>;
  /** Deadline timers, cleared when the provider goes. */
  timers: Set<ReturnType<typeof setTimeout>>;
}

/** A prompt without an answer in time stops; the server is told, so a late answer is not sent. */
function expire(ctx: RecognitionContext, prompt: StartedPrompt): void {
  const study = ctx.page.current.studies.find((s) => s.id === prompt.studyId);
  if (!study?.acquisitionRecognizing || study.llmRemoteId !== prompt.llmRemoteId) return;
  console.warn('Acquisition recognition: no answer in time', prompt);
  cancelPrompt(prompt.llmRemoteId);
  ctx.dispatch({ type: 'recognitionFailed', ...prompt });
}

async function requestRecognition(ctx: RecognitionContext, studies: RecognitionStudy[]): Promise<void> {
  const { dispatch } = ctx;
  dispatch({ type: 'recognitionRequested', studyIds: studies.map((s) => s.id) });
  try {
    const wsid = ctx.socket.id ?? '';
    const { prompts } = await call(api.recognition.prompts, { query: { wsid }, body: { studies } });
    // Cancelled while the request was on its way (not answered already): the server answers unless told.
    for (const prompt of prompts) {
      const study = ctx.page.current.studies.find((s) => s.id === prompt.studyId);
      const answered = study?.llmRemoteId === prompt.llmRemoteId;
      if (!answered && !(study && awaitsPrompt(study, prompt.llmRemoteId))) cancelPrompt(prompt.llmRemoteId);
    }
    dispatch({ type: 'recognitionStarted', prompts });
    const timer = setTimeout(() => {
      ctx.timers.delete(timer);
      for (const prompt of prompts) expire(ctx, prompt);
    }, RECOGNITION_DEADLINE_MS);
    ctx.timers.add(timer);
  } catch (error) {
    // Section 8: other failed calls are only logged.
    console.warn('Acquisition recognition could not start', error);
    for (const study of studies)
      dispatch({ type: 'recognitionFailed', studyId: study.id, llmRemoteId: null });
  }
}

/**
 * Acquisition recognition of the upload (section 4, Auto recognition): once per preview, after the
 * preparation delay, the studies with DICOM series are sent; answers arrive on the socket. Leaving
 * preview (Process) cancels what still runs. Lives in UploadProvider, so answers are taken off the page too.
 */
export function useAcquisitionRecognition(page: UploadPageState, dispatch: Dispatch<UploadAction>): void {
  const socket = useSocket();
  // Mounted on every page (AppLayout); the list is needed only once an upload is under way on a team host.
  const acquisitions = useAcquisitions(page.state !== 'ready').data;
  const latestPage = useLatest(page);
  const latestAcquisitions = useLatest<AcquisitionOption[]>(acquisitions ?? []);
  const started = useRef(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (!socket) return;
    const onAnswer = (payload: unknown) => {
      const parsed = RecognitionResponse.safeParse(payload);
      if (!parsed.success) return console.warn('Acquisition recognition: unreadable answer', payload);
      const response = parsed.data;
      if (response.type === 'error') console.warn('Acquisition recognition failed', response);
      dispatch({ type: 'recognitionAnswered', response, acquisitions: latestAcquisitions.current });
    };
    socket.on('upload:study:aiprompt:response', onAnswer);
    return () => {
      socket.off('upload:study:aiprompt:response', onAnswer);
    };
  }, [socket, dispatch, latestAcquisitions]);

  const inPreview = page.state === 'preview';
  useEffect(() => {
    // A new upload (cleared back to ready) is recognised again.
    if (page.state === 'ready') started.current = false;
  }, [page.state]);
  const canStart = inPreview && socket !== null && acquisitions !== undefined;
  useEffect(() => {
    if (!canStart || !socket || started.current) return;
    const ctx = { socket, page: latestPage, dispatch, timers: timers.current };
    const timer = setTimeout(() => {
      started.current = true;
      for (const studies of recognitionRequests(latestPage.current.studies)) {
        void requestRecognition(ctx, studies);
      }
    }, RECOGNITION_PREPARATION_MS);
    return () => clearTimeout(timer);
  }, [canStart, socket, dispatch, latestPage]);

  useEffect(() => {
    if (inPreview) return;
    for (const study of latestPage.current.studies.filter((s) => s.acquisitionRecognizing)) {
      if (study.llmRemoteId) cancelPrompt(study.llmRemoteId);
      dispatch({ type: 'recognitionCancelled', studyId: study.id });
    }
  }, [inPreview, dispatch, latestPage]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
}
