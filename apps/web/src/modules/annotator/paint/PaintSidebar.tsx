import { Button, Checkbox, Select, Slider, Stack, Text } from '@mantine/core';
import type { Segmentation } from '@voxa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SubmitForReview } from '../../reviews/SubmitForReview';
import { lockedValues, toggleLock, type AnnotatorPreferences } from '../preferences/preferences';
import { hexRgb } from '../viewer/labelColormap';
import type { Viewer } from '../viewer/niivueViewer';
import { ConflictDialog } from './ConflictDialog';
import type { ToolSettings } from './maskEditor';
import { PaintTools, type PaintToolsState } from './PaintTools';
import { SegmentList } from './SegmentList';
import { shortcutFor } from './shortcuts';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useMask } from './useMask';

export interface PaintSidebarProps {
  viewer: Viewer | null;
  /** The shown series' segmentations. */
  segmentations: Segmentation[];
  shownName: string | null;
  /** Review mode: masks are read-only whatever the rules allow. */
  review: boolean;
  /** The segmentation chosen on opening (the address' task_id). */
  initialId: number | null;
  /** The user's overwrite choice and locked segments (decision 0096). */
  preferences: AnnotatorPreferences;
  onPreferences: (change: (current: AnnotatorPreferences) => AnnotatorPreferences) => void;
}

/** Keys typed into a text field are the field's; a focused radio or button leaves them to us. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'range'].includes(target.type));

const hiddenOf = (s: Segmentation | null | undefined) =>
  new Set(s?.segments.filter((segment) => !segment.visible).map((segment) => segment.value));

/** The segmentation panel: choose a segmentation and a segment, show and paint it, save it. */
export function PaintSidebar(props: PaintSidebarProps) {
  const { viewer, segmentations, shownName, review, initialId, preferences, onPreferences } = props;
  const initial = segmentations.find((s) => s.id === initialId);
  const [chosenId, setChosenId] = useState<number | null>(initial?.id ?? null);
  const segmentation = segmentations.find((s) => s.id === chosenId) ?? null;
  const [active, setActive] = useState<number | null>(initial?.segments[0]?.value ?? null);
  const [hidden, setHidden] = useState<Set<number>>(() => hiddenOf(initial));
  const [opacity, setOpacity] = useState(0.6);
  const [tools, setTools] = useState<PaintToolsState>({
    tool: null,
    brushMm: 3,
    threshold: { on: false, lo: -100, hi: 200 },
  });
  const editable = !!segmentation?.can.edit && !review;
  const locked = lockedValues(preferences, segmentation?.segments ?? []);
  const { overwrite } = preferences;

  const current = useRef({ tools, active, editable, viewer, overwrite, locked });
  current.current = { tools, active, editable, viewer, overwrite, locked };
  const settings = useCallback((): ToolSettings | null => {
    const { tools: t, active: value, editable: may, viewer: v } = current.current;
    if (!t.tool || value === null || !may) return null;
    const intensities = t.threshold.on ? v?.labels.intensities() : null;
    const [a, b] = intensities
      ? [intensities.stored(t.threshold.lo), intensities.stored(t.threshold.hi)]
      : [0, 0];
    return {
      tool: t.tool,
      value,
      brushMm: t.brushMm,
      threshold: intensities ? { intensity: intensities.data, lo: Math.min(a, b), hi: Math.max(a, b) } : null,
      overwrite: current.current.overwrite,
      locked: current.current.locked,
    };
  }, []);
  const mask = useMask(viewer, segmentation, shownName, settings);

  const choose = (id: string | null) => {
    const next = segmentations.find((s) => String(s.id) === id) ?? null;
    setChosenId(next?.id ?? null);
    setActive(next?.segments[0]?.value ?? null);
    setHidden(hiddenOf(next));
  };

  const segments = segmentation?.segments;
  useEffect(() => {
    viewer?.labels.setColours(
      (segments ?? []).map((s) => ({ value: s.value, rgb: hexRgb(s.color), visible: !hidden.has(s.value) })),
    );
  }, [viewer, segments, hidden, mask.state.status]);
  useEffect(() => viewer?.labels.setOpacity(opacity), [viewer, opacity]);

  const [helpOpen, setHelpOpen] = useState(false);
  const { undo, redo, save, dirty } = mask;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const action = shortcutFor(event);
      if (!action || (action.kind !== 'help' && !editable)) return;
      event.preventDefault();
      if (action.kind === 'help') setHelpOpen(true);
      else if (action.kind === 'undo') undo();
      else if (action.kind === 'redo') redo();
      else if (action.kind === 'save') {
        if (dirty) void save();
      } else if (action.kind === 'tool') setTools((t) => ({ ...t, tool: action.tool }));
      else setTools((t) => ({ ...t, brushMm: Math.max(0, t.brushMm + action.stepMm) }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, undo, redo, save, dirty]);

  const ready = mask.state.status === 'ready';
  return (
    <Stack gap="xs" data-testid="segmentation-panel">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs">
        Segmentations
      </Text>
      <Select
        size="xs"
        aria-label="Segmentation"
        placeholder={segmentations.length ? 'Choose a segmentation' : 'None on this series'}
        disabled={segmentations.length === 0}
        data={segmentations.map((s) => ({ value: String(s.id), label: s.structure.title }))}
        value={segmentation ? String(segmentation.id) : null}
        onChange={choose}
      />
      {segmentation && segmentation.mask_revision === null && (
        <Button size="xs" disabled={!editable} onClick={() => void mask.createMask()}>
          Create mask
        </Button>
      )}
      {mask.state.status === 'loading' && <Text size="xs">Loading mask…</Text>}
      {mask.state.status === 'error' && (
        <Text size="xs" c="red" role="alert">
          {mask.state.message}
        </Text>
      )}
      {segmentation && ready && (
        <>
          <SegmentList
            segments={segmentation.segments}
            active={active}
            onActive={setActive}
            hidden={hidden}
            onToggle={(value) =>
              setHidden((h) => {
                const next = new Set(h);
                if (!next.delete(value)) next.add(value);
                return next;
              })
            }
            figures={mask.figures}
            locked={preferences.lockedSegments}
            onLock={(id) => onPreferences((p) => toggleLock(p, id))}
          />
          <Text size="xs">Opacity</Text>
          <Slider size="xs" min={0} max={1} step={0.05} value={opacity} onChange={setOpacity} label={null} />
          <PaintTools
            value={tools}
            onChange={setTools}
            disabled={!editable}
            canUndo={mask.canUndo}
            canRedo={mask.canRedo}
            onUndo={mask.undo}
            onRedo={mask.redo}
          />
          <Checkbox
            size="xs"
            label="Overwrite other segments"
            description="Off: painting changes only background and the active segment"
            disabled={!editable}
            checked={overwrite}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              onPreferences((p) => ({ ...p, overwrite: on }));
            }}
          />
          {active !== null && locked.includes(active) && (
            <Text size="xs" c="orange" data-testid="active-locked">
              The active segment is locked: unlock it to paint it.
            </Text>
          )}
          <Button
            size="xs"
            disabled={!editable || !mask.dirty}
            loading={mask.saving}
            onClick={() => void mask.save()}
          >
            Save
          </Button>
          <Text size="xs" c="dimmed" data-testid="mask-status">
            {mask.dirty
              ? 'Unsaved changes'
              : `Revision ${mask.state.status === 'ready' ? mask.state.revision : ''}`}
          </Text>
        </>
      )}
      {segmentation && editable && <SubmitForReview segmentation={segmentation} unsaved={mask.dirty} />}
      <Button size="xs" variant="subtle" onClick={() => setHelpOpen(true)}>
        Keyboard shortcuts (?)
      </Button>
      <ShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />
      <ConflictDialog
        current={mask.conflict}
        onReload={() => mask.conflict !== null && mask.load(mask.conflict)}
        onOverwrite={() => mask.conflict !== null && void mask.save(mask.conflict)}
        onCancel={mask.dismissConflict}
      />
    </Stack>
  );
}
