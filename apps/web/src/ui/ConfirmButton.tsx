import { Button, Group, Modal, Text, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** Button text, also the confirm button's text. */
  label: string;
  /** Accessible name of the button when the label alone is ambiguous in a table. */
  ariaLabel?: string;
  question: string;
  onConfirm: () => void;
}

/** A destructive action that asks once before it happens. */
export function ConfirmButton({ label, ariaLabel, question, onConfirm, ...button }: ConfirmButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        color="red"
        variant="subtle"
        size="xs"
        {...button}
        onClick={open}
        aria-label={ariaLabel ?? label}
      >
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label} centered>
        <Text mb="lg">{question}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {label}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
