import { Alert, Button, Group } from '@mantine/core';
import { type ReactNode } from 'react';

/**
 * The end of a form or dialog: why the last attempt failed, then cancel and the action. Without
 * `onSubmit` the action submits the surrounding form.
 */
export function FormFooter({
  failure, onCancel, cancelLabel, submitLabel, isPending, onSubmit, failureColor = 'red',
}: {
  failure: ReactNode;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit?: () => void;
  failureColor?: 'red' | 'orange';
}) {
  return (
    <>
      {failure ? (
        <Alert color={failureColor} variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
