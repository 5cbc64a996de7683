import { ColorSwatch, Group, Popover, UnstyledButton } from '@mantine/core';
import { SEGMENT_PALETTE } from '@voxa/contracts';
import { useState } from 'react';

export interface SegmentColorProps {
  title: string;
  color: string;
  disabled: boolean;
  onChange: (color: string) => void;
}

/** The segment's colour as a swatch; clicking it offers the segment palette (the colours masks are drawn in). */
export function SegmentColor({ title, color, disabled, onChange }: SegmentColorProps) {
  const [opened, setOpened] = useState(false);
  const swatch = <ColorSwatch color={color} size={18} data-testid="segment-color" data-color={color} />;
  if (disabled) return swatch;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow trapFocus>
      <Popover.Target>
        <UnstyledButton aria-label={`Color of ${title}`} onClick={() => setOpened((o) => !o)}>
          {swatch}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap={6} maw={7 * 26}>
          {SEGMENT_PALETTE.map((c) => (
            <ColorSwatch
              key={c}
              component="button"
              type="button"
              color={c}
              size={20}
              aria-label={`Color ${c}`}
              aria-pressed={c === color.toLowerCase()}
              style={{ cursor: 'pointer' }}
              onClick={() => {
                setOpened(false);
                if (c !== color.toLowerCase()) onChange(c);
              }}
            />
          ))}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
