import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { UPLOAD_CONTENT_MAX_HEIGHT, UPLOAD_V2_PATH } from './paths';
import { UploadProgressLine } from './UploadProgressLine';
import { UploadSummary } from './UploadSummary';
import { useUpload } from './uploadContext';

const WIDTH = 1000;
const MINIMISED_WIDTH = 300;

/** The upload away from /upload-v2 (section 2): floating, expand, minimise, and close once finished. */
export function MiniUploadPanel() {
  const { snapshot, page, clear } = useUpload();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [minimised, setMinimised] = useState(false);
  const finished = page.state === 'finished';
  // Section 4: at the end of the upload the uploader minimises.
  useEffect(() => {
    if (finished) setMinimised(true);
  }, [finished]);
  if (pathname === UPLOAD_V2_PATH || snapshot.files.length === 0) return null;

  return (
    <Paper
      component="aside"
      aria-label="Upload panel"
      data-testid="mini-upload"
      withBorder
      shadow="lg"
      p="sm"
      w={minimised ? MINIMISED_WIDTH : WIDTH}
      maw="calc(100vw - 32px)"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 300 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Text fw={500}>Upload</Text>
            <Badge data-testid="mini-upload-state">{page.state}</Badge>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={() => void navigate(UPLOAD_V2_PATH)}>
              Expand
            </Button>
            <Button size="compact-xs" variant="subtle" onClick={() => setMinimised(!minimised)}>
              {minimised ? 'Restore' : 'Minimize'}
            </Button>
            <Button size="compact-xs" variant="subtle" disabled={!finished} onClick={clear}>
              Close
            </Button>
          </Group>
        </Group>
        {!minimised && (
          <Box
            // Within the spec's 800 px, and within the window so the header stays in sight.
            mah={`min(${UPLOAD_CONTENT_MAX_HEIGHT}px, calc(100vh - 120px))`}
            style={{ overflowY: 'auto' }}
            data-testid="mini-upload-content"
          >
            <Stack gap="sm">
              {(page.state === 'upload' || page.state === 'converting') && (
                <UploadProgressLine studies={page.studies} />
              )}
              <UploadSummary studies={page.studies} />
            </Stack>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
