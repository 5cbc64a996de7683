import {
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Popover,
  Stack,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { DEFAULT_LABEL_COLOR, LABEL_NAME_MAX, type Label } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { notifyError } from '../../ui/notify';
import { useUpdateLabel } from './useLabels';

export interface LabelEditorProps {
  label: Label;
  /** Queries that show labels besides the team's list (the studies list rows). */
  alsoRefresh: readonly (readonly unknown[])[];
}

const SWATCHES = [DEFAULT_LABEL_COLOR, '#e03131', '#2f9e44', '#f08c00', '#9c36b5', '#1098ad', '#495057'];

/** A label's name as a button opening its editor: rename and recolour (PUT /label?id). */
export function LabelEditor({ label, alsoRefresh }: LabelEditorProps) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState(label.name);
  const [color, setColor] = useState(label.color);
  const update = useUpdateLabel(alsoRefresh);

  const open = () => {
    setName(label.name);
    setColor(label.color);
    setOpened(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const change = {
      id: label.id,
      ...(name.trim() !== label.name ? { name: name.trim() } : {}),
      ...(color.toLowerCase() !== label.color.toLowerCase() ? { color } : {}),
    };
    if (change.name === undefined && change.color === undefined) return setOpened(false);
    update.mutate(change, { onSuccess: () => setOpened(false), onError: notifyError });
  };

  return (
    <Popover opened={opened} onChange={setOpened} width={240} position="bottom-start" withArrow trapFocus>
      <Popover.Target>
        <UnstyledButton
          fz="inherit"
          aria-label={`Edit label ${label.name}`}
          onClick={(event) => {
            // The pill sits in the picker, whose click opens the search.
            event.stopPropagation();
            if (opened) setOpened(false);
            else open();
          }}
        >
          {label.name}
        </UnstyledButton>
      </Popover.Target>
      {/* React events bubble out of portals: keep the picker's mouse handlers (focus the search) out of the editor. */}
      <Popover.Dropdown
        onMouseDown={(event) => event.stopPropagation()}
        onClick={(event) => event.stopPropagation()}
      >
        <form onSubmit={save}>
          <Stack gap="xs">
            <TextInput
              label="Label name"
              size="xs"
              maxLength={LABEL_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <ColorInput
              label="Label color"
              size="xs"
              format="hex"
              withPicker={false}
              value={color}
              onChange={setColor}
            />
            <Group gap={6}>
              {SWATCHES.map((swatch) => (
                <ColorSwatch
                  key={swatch}
                  component="button"
                  type="button"
                  color={swatch}
                  size={20}
                  aria-label={`Color ${swatch}`}
                  onClick={() => setColor(swatch)}
                  style={{ cursor: 'pointer' }}
                />
              ))}
            </Group>
            <Button type="submit" size="xs" loading={update.isPending} disabled={!name.trim()}>
              Save label
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
