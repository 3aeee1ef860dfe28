// The toasts of a form's answer. An error toast is replaced by the next answer and closed by a
// success, so a saved form never shows its old error beside "saved".
import { notifications } from '@mantine/notifications';

const FORM_ERROR_ID = 'form-error';

export function showFormError(message: string): void {
  notifications.hide(FORM_ERROR_ID);
  notifications.show({ id: FORM_ERROR_ID, color: 'red', message, 'data-testid': 'toast-error' } as never);
}

export function showFormSuccess(message: string): void {
  notifications.hide(FORM_ERROR_ID);
  notifications.show({ color: 'teal', message, 'data-testid': 'toast-success' } as never);
}

/** A success without a toast of its own still clears the form's last error. */
export function clearFormError(): void {
  notifications.hide(FORM_ERROR_ID);
}
