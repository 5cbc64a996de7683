import { ColorSwatch } from '@mantine/core';

export interface LabelSwatchProps {
  color: string;
}

/** The small colour dot shown beside a label's name. */
export function LabelSwatch({ color }: LabelSwatchProps) {
  return <ColorSwatch color={color} size={10} withShadow={false} aria-hidden />;
}
