import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/api';

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', message: errorMessage(error) });
}
