import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/api';

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', message: errorMessage(error) });
}

/** Something that happened elsewhere (a pushed notification): its text, and what it is about below. */
export function notifyInfo(title: string, message: string | null): void {
  notifications.show({ color: 'blue', title: message ? title : undefined, message: message ?? title });
}
