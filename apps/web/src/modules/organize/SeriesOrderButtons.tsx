import { ActionIcon, Group } from '@mantine/core';

export interface SeriesOrderButtonsProps {
  /** Names the series in the buttons' labels. */
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onStep: (step: -1 | 1) => void;
}

/** Move a series one place up or down within its acquisition code. */
export function SeriesOrderButtons({ name, first, last, disabled, onStep }: SeriesOrderButtonsProps) {
  return (
    <Group gap={2}>
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={`Move ${name} up`}
        disabled={disabled || first}
        onClick={() => onStep(-1)}
      >
        <span aria-hidden>↑</span>
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="sm"
        aria-label={`Move ${name} down`}
        disabled={disabled || last}
        onClick={() => onStep(1)}
      >
        <span aria-hidden>↓</span>
      </ActionIcon>
    </Group>
  );
}
