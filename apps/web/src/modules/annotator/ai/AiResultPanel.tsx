import { Button, ColorSwatch, Group, Slider, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Segmentation } from '@voxa/contracts';
import { useEffect, useMemo, useState } from 'react';
import { call, callBlob } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { hexRgb } from '../viewer/labelColormap';
import type { Viewer } from '../viewer/niivueViewer';

export interface AiResultPanelProps {
  viewer: Viewer | null;
  /** The AI result (the address' task_id). */
  result: Segmentation;
  /** The volume drawn now: the result is shown again over each. */
  shownName: string | null;
  /** The caller's copy of it, made by Accept. */
  onAccepted(segmentation: Segmentation): void;
}

/**
 * The annotator's AI mode (aiinfer=true, issue 13 item 7): the AI result is drawn over the volume beside
 * the segmentation being painted (its own read-only layer, in its segments' colours), and can be accepted
 * as a new segmentation of the caller's, which the paint panel then opens.
 */
export function AiResultPanel({ viewer, result, shownName, onAccepted }: AiResultPanelProps) {
  const [shown, setShown] = useState(true);
  const [opacity, setOpacity] = useState(0.5);
  const [shared, setShared] = useState(false);
  const mask = useQuery({
    queryKey: ['ai-result-mask', result.id, result.mask_revision],
    queryFn: async ({ signal }) =>
      (
        await callBlob(api.masks.download, {
          params: { uuid: result.series_uuid, segmentationId: result.id },
          signal,
        })
      ).arrayBuffer(),
    enabled: result.mask_revision !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const colours = useMemo(
    () => result.segments.map((s) => ({ value: s.value, rgb: hexRgb(s.color), visible: true })),
    [result.segments],
  );

  useEffect(() => {
    if (!viewer || !shownName || !mask.data) return;
    void viewer.showOverlay(shown ? mask.data : null, colours, opacity);
    // The opacity has its own effect: a change of it must not load the layer again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer, shownName, mask.data, shown, colours]);
  useEffect(() => viewer?.setOverlayOpacity(opacity), [viewer, opacity]);
  useEffect(() => () => void viewer?.showOverlay(null, [], 0), [viewer]);

  const accept = useMutation({
    mutationFn: () =>
      call(api.segmentations.accept, {
        params: { uuid: result.series_uuid, segmentationId: result.id },
        body: { rbac: shared },
      }),
    onSuccess: (copy) => {
      notifySuccess(`The AI result is now your segmentation #${copy.id}.`);
      onAccepted(copy);
    },
    onError: notifyError,
  });

  return (
    <Stack gap="sm" data-testid="ai-result-panel">
      <Title order={2} size="h5">
        AI result
      </Title>
      <Text size="sm">
        {result.structure.title} · #{result.id}
      </Text>
      {mask.isError && <Text c="red">The result could not be loaded.</Text>}
      <Switch
        label="Show the AI result"
        checked={shown}
        onChange={(e) => setShown(e.currentTarget.checked)}
      />
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          Opacity
        </Text>
        <Slider min={0} max={1} step={0.05} value={opacity} onChange={setOpacity} label={null} />
      </Stack>
      <Stack gap={4} data-testid="ai-result-segments">
        {result.segments.map((s) => (
          <Group key={s.id} gap="xs" wrap="nowrap">
            <ColorSwatch color={s.color} size={14} />
            <Text size="sm" truncate>
              {s.title}
            </Text>
          </Group>
        ))}
      </Stack>
      <Switch label="Shared (rbac)" checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
      <Button
        onClick={() => accept.mutate()}
        loading={accept.isPending}
        disabled={result.mask_revision === null}
      >
        Accept as new segmentation
      </Button>
    </Stack>
  );
}
