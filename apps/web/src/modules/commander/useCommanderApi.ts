import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommanderProgress } from '@voxa/contracts';
import * as api from '@voxa/contracts/areas';
import { useEffect, useState } from 'react';
import { useSocket } from '../../app/session/useRealtime';
import { call } from '../../lib/api';
import { notifyError } from '../../ui/notify';

const KEY = ['commander'] as const;

/** POST /svc/cmd/ls/: the items of one folder (the roots for /). */
export function useListing(dir: string) {
  return useQuery({
    queryKey: [...KEY, dir],
    queryFn: ({ signal }) => call(api.commander.ls, { body: { dir }, signal }),
    retry: false,
  });
}

/** An operation id for commander:progress and cmd/cancel. */
export const newOperationId = () => `op-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export type CommanderCall =
  | { action: 'cp' | 'mv'; paths: string[]; to: string; op: string }
  | { action: 'rm'; paths: string[] }
  | { action: 'mkdir'; dir: string }
  | { action: 'zip' | 'unzip'; path: string; file: string; op: string };

function send(c: CommanderCall) {
  switch (c.action) {
    case 'cp':
    case 'mv':
      return call(api.commander[c.action], { body: { paths: c.paths, to: c.to, op: c.op } });
    case 'rm':
      return call(api.commander.rm, { body: { paths: c.paths } });
    case 'mkdir':
      return call(api.commander.mkdir, { body: { dir: c.dir } });
    case 'zip':
    case 'unzip':
      return call(api.commander[c.action], { body: { path: c.path, file: c.file, op: c.op } });
  }
}

/** One commander call; both panes refetch after it, whatever its outcome. */
export function useCommanderCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onError: notifyError,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /svc/cmd/import: a folder's DICOM/NIfTI into the team's upload flow on the server. */
export function useImport() {
  return useMutation({
    mutationFn: (body: { dir: string; op: string }) => call(api.commander.import, { body }),
    onError: notifyError,
  });
}

export const cancelOperation = (op: string) => call(api.commander.cancel, { body: { op } });

/** The latest commander:progress of operation `op` (null before the first). */
export function useProgress(op: string | null): CommanderProgress | null {
  const socket = useSocket();
  const [progress, setProgress] = useState<CommanderProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!socket || !op) return;
    const onProgress = (p: CommanderProgress) => {
      if (p.op === op) setProgress(p);
    };
    socket.on('commander:progress', onProgress);
    return () => {
      socket.off('commander:progress', onProgress);
    };
  }, [socket, op]);
  return progress;
}
