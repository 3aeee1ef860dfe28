// A form's problem in words, beside the form. Its own module: the pre-registration page shows it
// before the form's chunk has loaded (a flow that cannot take registrations).
import { Alert } from '@mantine/core';

export function FormAlert({ title, message }: { title?: string; message: string }) {
  return (
    <Alert color="red" variant="light" title={title} data-testid="form-alert">
      {message}
    </Alert>
  );
}
