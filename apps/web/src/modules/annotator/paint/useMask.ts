import { useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Segmentation } from '@voxa/contracts';
import { labelFigures, type ChangeRecord, type LabelFigure } from '@voxa/imaging';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, call, callBlob, errorMessage } from '../../../lib/api';
import type { Viewer } from '../viewer/niivueViewer';
import { draftStore } from './draftStore';
import { MaskEditor, type ToolSettings } from './maskEditor';
import { gzipMask, readMaskFile, type MaskFile } from './maskFile';

/** Unsaved edits go to IndexedDB this long after the last change. */
const DRAFT_DEBOUNCE_MS = 500;

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

  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keepDraft = useCallback(() => {
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(() => {
      const bytes = mask.current?.file.bytes;
      if (bytes && held.current)
        draftStore.put(held.current.id, { base: held.current.revision, bytes }).catch(() => undefined);
    }, DRAFT_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(draftTimer.current), []);

  const afterChange = useCallback(
    (change: ChangeRecord | undefined | null) => {
      const editor = mask.current?.editor;
      if (!editor) return;
      if (change && change.indices.length > 0) {
        viewer?.labels.update(change.indices);
        setDirty(true);
        keepDraft();
      }
      setSteps({ canUndo: editor.undoStack.canUndo, canRedo: editor.undoStack.canRedo });
    },
    [viewer, keepDraft],
  );

  const fetchMask = useCallback(
    (revision: number, restoreDraft: boolean) => {
      if (id === null) return;
      const mine = ++loadId.current;
      setState({ status: 'loading' });
      setConflict(null);
      const draft = restoreDraft ? draftStore.get(id).catch(() => undefined) : Promise.resolve(undefined);
      callBlob(api.masks.download, { params: { uuid, segmentationId: id }, query: { revision } })
        .then(async (blob) => readMaskFile(new Uint8Array(await blob.arrayBuffer())))
        .then(async (file) => {
          if (mine !== loadId.current) return;
          // Unsaved edits of an earlier visit: kept over the revision they were painted on, so a save of
          // them over a newer one still meets the conflict dialog.
          const kept = await draft;
          const restored = kept !== undefined && kept.bytes.length === file.bytes.length;
          if (restored) file.bytes.set(kept.bytes);
          mask.current = { file, editor: new MaskEditor(file.volume) };
          held.current = { id, revision: restored ? kept.base : revision };
          setFigures(labelFigures(file.volume));
          setDirty(restored);
          setSteps({ canUndo: false, canRedo: false });
          setState({ status: 'ready', revision: held.current.revision });
        })
        .catch((e: unknown) => {
          if (mine === loadId.current) setState({ status: 'error', message: errorMessage(e) });
        });
    },
    [id, uuid],
  );
  const load = useCallback(
    (revision: number) => {
      if (id !== null) void draftStore.remove(id).catch(() => undefined);
      fetchMask(revision, false);
    },
    [id, fetchMask],
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
    fetchMask(revision, true);
  }, [fetchMask, id, revision]);

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
        clearTimeout(draftTimer.current);
        await draftStore.remove(id).catch(() => undefined);
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
