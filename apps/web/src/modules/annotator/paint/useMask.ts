import { useQueryClient } from '@tanstack/react-query';
import { api, type Segmentation } from '@voxa/contracts';
import { labelFigures, type ChangeRecord, type LabelFigure } from '@voxa/imaging';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, call, callBlob, errorMessage } from '../../../lib/api';
import type { Viewer } from '../viewer/niivueViewer';
import { MaskEditor, type ToolSettings } from './maskEditor';
import { gzipMask, readMaskFile, type MaskFile } from './maskFile';

export type MaskState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; revision: number };

export interface MaskHandle {
  state: MaskState;
  figures: LabelFigure[];
  dirty: boolean;
  saving: boolean;
  /** A save refused because someone saved since: the revision that is current now. */
  conflict: number | null;
  canUndo: boolean;
  canRedo: boolean;
  save(base?: number): Promise<void>;
  /** Drops local edits and loads a revision (after a conflict: the current one). */
  load(revision: number): void;
  undo(): void;
  redo(): void;
  createMask(): Promise<void>;
  /** Closes the conflict and keeps the local edits (to save later). */
  dismissConflict(): void;
}

/**
 * One segmentation's mask in the viewer: loaded at the segmentation's revision, painted with the tool
 * `settings` gives (null: the mouse is the viewer's), saved over the revision it was loaded at.
 */
export function useMask(
  viewer: Viewer | null,
  segmentation: Segmentation | null,
  /** The volume drawn now (`{series}-{file}`): the mask is shown again on each. */
  shownName: string | null,
  settings: () => ToolSettings | null,
): MaskHandle {
  const queryClient = useQueryClient();
  const [state, setState] = useState<MaskState>({ status: 'none' });
  const [figures, setFigures] = useState<LabelFigure[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<number | null>(null);
  const [steps, setSteps] = useState({ canUndo: false, canRedo: false });
  const mask = useRef<{ file: MaskFile; editor: MaskEditor } | null>(null);
  const loadId = useRef(0);
  /** The revision the edits are based on (loaded or saved): a case refetch naming it reloads nothing. */
  const held = useRef<{ id: number; revision: number } | null>(null);
  const id = segmentation?.id ?? null;
  const uuid = segmentation?.series_uuid ?? '';

  const afterChange = useCallback(
    (change: ChangeRecord | undefined | null) => {
      const editor = mask.current?.editor;
      if (!editor) return;
      if (change && change.indices.length > 0) {
        viewer?.labels.update(change.indices);
        setDirty(true);
      }
      setSteps({ canUndo: editor.undoStack.canUndo, canRedo: editor.undoStack.canRedo });
    },
    [viewer],
  );

  const load = useCallback(
    (revision: number) => {
      if (id === null) return;
      const mine = ++loadId.current;
      setState({ status: 'loading' });
      setConflict(null);
      callBlob(api.masks.download, { params: { uuid, segmentationId: id }, query: { revision } })
        .then(async (blob) => readMaskFile(new Uint8Array(await blob.arrayBuffer())))
        .then((file) => {
          if (mine !== loadId.current) return;
          mask.current = { file, editor: new MaskEditor(file.volume) };
          held.current = { id, revision };
          setFigures(labelFigures(file.volume));
          setDirty(false);
          setSteps({ canUndo: false, canRedo: false });
          setState({ status: 'ready', revision });
        })
        .catch((e: unknown) => {
          if (mine === loadId.current) setState({ status: 'error', message: errorMessage(e) });
        });
    },
    [id, uuid],
  );

  const revision = segmentation?.mask_revision ?? null;
  useEffect(() => {
    if (held.current && held.current.id === id && held.current.revision === revision) return;
    mask.current = null;
    held.current = null;
    if (revision === null) {
      loadId.current++;
      setState({ status: 'none' });
      setFigures([]);
      return;
    }
    load(revision);
  }, [load, id, revision]);

  // The mask over each volume drawn; cleared when none is loaded.
  const ready = state.status === 'ready';
  useEffect(() => {
    if (!viewer || !shownName) return;
    const volume = mask.current?.file.volume;
    viewer.labels.show(ready && volume ? volume.data : null, volume?.dims ?? [1, 1, 1]);
  }, [viewer, shownName, ready, state]);

  useEffect(() => {
    if (!viewer) return;
    viewer.labels.onPaint = (pointer) => {
      const tool = settings();
      const editor = mask.current?.editor;
      if (!tool || !editor) return;
      afterChange(editor.pointer(pointer, tool));
      if (pointer.phase === 'up') afterChange(null);
    };
    return () => {
      viewer.labels.onPaint = null;
    };
  }, [viewer, settings, afterChange]);

  const save = useCallback(
    async (base?: number) => {
      const current = mask.current;
      if (!current || id === null || state.status !== 'ready') return;
      setSaving(true);
      try {
        const body = await gzipMask(current.file.bytes);
        const saved = await call(api.masks.save, {
          params: { uuid, segmentationId: id },
          query: { base: base ?? state.revision },
          body,
        });
        setConflict(null);
        setDirty(false);
        setFigures(labelFigures(current.file.volume));
        held.current = { id, revision: saved.revision };
        setState({ status: 'ready', revision: saved.revision });
        void queryClient.invalidateQueries({ queryKey: ['annotator-case'] });
      } catch (e) {
        const now = e instanceof ApiRequestError && e.status === 409 ? Number(e.errors.revision?.[0]) : NaN;
        if (Number.isInteger(now)) setConflict(now);
        else setState({ status: 'error', message: errorMessage(e) });
      } finally {
        setSaving(false);
      }
    },
    [id, uuid, state, queryClient],
  );

  const createMask = useCallback(async () => {
    if (id === null) return;
    await call(api.masks.create, { params: { uuid, segmentationId: id } });
    await queryClient.invalidateQueries({ queryKey: ['annotator-case'] });
  }, [id, uuid, queryClient]);

  return {
    state,
    figures,
    dirty,
    saving,
    conflict,
    ...steps,
    save,
    load,
    undo: () => afterChange(mask.current?.editor.undo()),
    redo: () => afterChange(mask.current?.editor.redo()),
    createMask,
    dismissConflict: () => setConflict(null),
  };
}
