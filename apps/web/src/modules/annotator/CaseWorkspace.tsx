import { Badge, Box, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { AnnotatorCase, Segmentation } from '@voxa/contracts';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import type { CaseQuery } from './caseQuery';
import { caseKey } from './useCase';
import { SeriesSwitcher, seriesTitle } from './SeriesSwitcher';
import { StatusBar } from './StatusBar';
import { ViewerToolbar } from './ViewerToolbar';
import { VolumeSliders } from './VolumeSliders';
import type { Layout, MouseTool, Probe } from './viewer/niivueViewer';
import { useShownVolume } from './viewer/useShownVolume';
import { useViewer } from './viewer/useViewer';
import { ViewerCanvas } from './viewer/ViewerCanvas';
import { initialWindow } from './windowing';
import { PaintSidebar } from './paint/PaintSidebar';
import { ReviewPanel } from '../reviews/ReviewPanel';
import { useReviewNotices } from '../reviews/useReviewsApi';
import { AiResultPanel } from './ai/AiResultPanel';
import { useAnnotatorPreferences } from './preferences/useAnnotatorPreferences';
import type { Pane } from './viewer/panes';

export interface CaseWorkspaceProps {
  kase: AnnotatorCase;
  query: CaseQuery;
  /** The signed-in user: the annotator's preferences are theirs (decisions 0096, 0097). */
  userId: number;
}

/** The annotator's screen: series on the left, the viewer with its toolbar, sliders and status bar. */
export function CaseWorkspace({ kase, query, userId }: CaseWorkspaceProps) {
  const [preferences, updatePreferences] = useAnnotatorPreferences(userId);
  const { radiological } = preferences;
  const [seriesUuid, setSeriesUuid] = useState(kase.uuid);
  const [file, setFile] = useState(0);
  const [layout, setLayout] = useState<Layout>('axial');
  const [tool, setTool] = useState<MouseTool>('crosshair');
  const [hover, setHover] = useState<Probe | null>(null);
  const [crosshair, setCrosshair] = useState<Probe | null>(null);
  const series = kase.series.find((s) => s.uuid === seriesUuid) ?? kase.series[0];
  // review=true with a task_id: the segmentation under review gets the review panel.
  const reviewed = query.review ? kase.segmentations.find((s) => s.id === query.taskId) : undefined;
  // aiinfer=true with a task_id: the AI result is shown beside what is painted, not painted itself.
  const aiResult = query.aiinfer ? kase.segmentations.find((s) => s.id === query.taskId) : undefined;
  // The segmentation the paint panel opens: the task's, or the copy of the AI result just accepted.
  const [painted, setPainted] = useState(aiResult ? null : query.taskId);
  const queryClient = useQueryClient();
  // The copy joins the case at once, and the paint panel opens it once the case it is given holds it: a
  // query's observers hear of new data after React has already rendered the new `painted` (a CI flake).
  const accepted = (copy: Segmentation) => {
    queryClient.setQueryData<AnnotatorCase>(caseKey(kase.uuid), (c) =>
      c && !c.segmentations.some((s) => s.id === copy.id)
        ? { ...c, segmentations: [...c.segmentations, copy] }
        : c,
    );
    setPainted(copy.id);
    void queryClient.invalidateQueries({ queryKey: caseKey(kase.uuid) });
  };
  const opened = kase.segmentations.some((s) => s.id === painted) ? painted : null;
  const modality = series?.modality_code ?? kase.study.modality;
  const { canvasRef, viewer, error: viewerError } = useViewer();
  useReviewNotices(kase.segmentations.map((s) => s.id));
  const shown = useShownVolume(viewer, series?.uuid ?? kase.uuid, file, modality, radiological);
  const [panes, setPanes] = useState<Pane[]>([]);

  useEffect(() => viewer?.setLayout(layout), [viewer, layout]);
  useEffect(() => viewer?.setTool(tool), [viewer, tool]);
  useEffect(() => viewer?.setConvention(radiological), [viewer, radiological]);
  useEffect(() => {
    if (!viewer) return;
    viewer.onCrosshair = setCrosshair;
    viewer.onPanes = setPanes;
    return () => {
      viewer.onCrosshair = null;
      viewer.onPanes = null;
    };
  }, [viewer]);

  const choose = (uuid: string) => {
    setSeriesUuid(uuid);
    setFile(0);
    setCrosshair(null);
  };
  const onPointer = useCallback(
    (event: MouseEvent<HTMLCanvasElement> | null) =>
      setHover(event && viewer ? viewer.probeAt(event.clientX, event.clientY) : null),
    [viewer],
  );
  const autoWindow = () => {
    if (shown.volume) shown.setWindow(initialWindow(null, shown.volume.robust, shown.volume.full));
  };

  return (
    <Box
      h="calc(100vh - 2 * var(--mantine-spacing-md))"
      style={{ display: 'flex', flexDirection: 'column' }}
      data-testid="annotator"
    >
      <Group gap="sm" px="sm" py={6} wrap="nowrap">
        <Text fw={700} truncate>
          {kase.study.patient_name}
        </Text>
        {series && (
          <Text c="dimmed" size="sm" truncate>
            {seriesTitle(series)}
          </Text>
        )}
        {query.taskId !== null && <Badge variant="light">Task {query.taskId}</Badge>}
        {query.review && <Badge color="grape">Review</Badge>}
        {query.aiinfer && <Badge color="orange">AI result</Badge>}
      </Group>
      <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box
          w={250}
          p={4}
          style={{ borderRight: '1px solid var(--mantine-color-default-border)', overflowY: 'auto' }}
        >
          <SeriesSwitcher series={kase.series} selected={series?.uuid ?? ''} onSelect={choose} />
          <PaintSidebar
            key={`${series?.uuid}:${opened}`}
            viewer={viewer}
            segmentations={kase.segmentations.filter((s) => s.series_uuid === series?.uuid)}
            shownName={shown.state === 'ready' ? shown.shownName : null}
            review={query.review}
            initialId={opened}
            preferences={preferences}
            onPreferences={updatePreferences}
          />
        </Box>
        <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          <ViewerToolbar
            layout={layout}
            onLayout={setLayout}
            tool={tool}
            onTool={setTool}
            modality={modality}
            window={shown.window}
            onWindow={shown.setWindow}
            onAutoWindow={autoWindow}
            onZoom={(factor) => viewer?.zoom(factor)}
            onResetView={() => viewer?.resetView()}
            onColormap={(colormap) => viewer?.setColormap(colormap)}
            radiological={radiological}
            onRadiological={(on) => updatePreferences((p) => ({ ...p, radiological: on }))}
            disabled={shown.state !== 'ready'}
          />
          <ViewerCanvas
            canvasRef={canvasRef}
            state={shown.state}
            shownName={shown.shownName}
            error={viewerError ?? shown.error}
            // The preview is the axial pane's slice: other layouts wait for NiiVue.
            preview={layout === 'axial' ? shown.preview : null}
            onPointer={onPointer}
            panes={panes}
            radiological={radiological}
          />
          <VolumeSliders
            files={series?.volumes ?? 1}
            file={file}
            onFile={setFile}
            frames={shown.volume?.frames ?? 1}
            frame={shown.frame}
            onFrame={shown.setFrame}
          />
          <StatusBar window={shown.window} probe={hover ?? crosshair} volume={shown.volume} />
        </Box>
        {aiResult && aiResult.series_uuid === series?.uuid && (
          <Box
            w={300}
            p="sm"
            style={{ borderLeft: '1px solid var(--mantine-color-default-border)', overflowY: 'auto' }}
          >
            <AiResultPanel
              viewer={viewer}
              result={aiResult}
              shownName={shown.state === 'ready' ? shown.shownName : null}
              onAccepted={accepted}
            />
          </Box>
        )}
        {reviewed && (
          <Box
            w={320}
            p="sm"
            style={{ borderLeft: '1px solid var(--mantine-color-default-border)', overflowY: 'auto' }}
          >
            <ReviewPanel segmentationId={reviewed.id} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
