import { useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import {
  ANNOTATOR_SIGN_IN_MAX_TICKS,
  ANNOTATOR_SIGN_IN_POLL_MS,
  type AnnotatorSignIn,
} from '@voxa/contracts';
import { useEffect, useState } from 'react';
import { PERMISSIONS_KEY } from '../../app/session/usePermissions';
import { ApiRequestError, call } from '../../lib/api';
import { getToken, readPermissionCache, writePermissionCache } from '../../lib/storage';

export type SignInState =
  | { status: 'waiting' }
  | { status: 'signed'; signIn: AnnotatorSignIn }
  | { status: 'failed'; httpStatus: number | null };

/** Answers that another try cannot change: signed out, not a member, not allowed to read cases. */
const FINAL = new Set([401, 403, 404]);

/**
 * The annotator's sign-in handshake (spec 7.1, decision 0036): every 250 ms, once a token is stored, ask
 * `POST /annotator/auth/signed` with the permission version held; stop at the first answer, or after
 * 10000 ticks. A newer permission version refreshes the stored permissions.
 */
export function useAnnotatorSignIn(): SignInState {
  const client = useQueryClient();
  const [state, setState] = useState<SignInState>({ status: 'waiting' });
  useEffect(() => {
    let ticks = 0;
    let asking = false;
    let stopped = false;
    const controller = new AbortController();
    const stop = (next: SignInState) => {
      stopped = true;
      clearInterval(timer);
      setState(next);
    };
    const tick = async () => {
      if (asking || stopped) return;
      ticks += 1;
      if (ticks > ANNOTATOR_SIGN_IN_MAX_TICKS) return stop({ status: 'failed', httpStatus: null });
      if (!getToken()) return;
      asking = true;
      const held = readPermissionCache();
      try {
        const signIn = await call(api.annotator.signed, {
          query: { permission_version: held?.version },
          signal: controller.signal,
          keepPageOn401: true,
        });
        if (held?.version !== signIn.permission_version) {
          writePermissionCache({ version: signIn.permission_version, permissions: signIn.user_permission });
          void client.invalidateQueries({ queryKey: PERMISSIONS_KEY });
        }
        stop({ status: 'signed', signIn });
      } catch (error) {
        if (error instanceof ApiRequestError && FINAL.has(error.status))
          stop({ status: 'failed', httpStatus: error.status });
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => void tick(), ANNOTATOR_SIGN_IN_POLL_MS);
    void tick();
    return () => {
      stopped = true;
      clearInterval(timer);
      controller.abort();
    };
  }, [client]);
  return state;
}
