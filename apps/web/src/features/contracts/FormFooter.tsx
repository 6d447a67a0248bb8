import { Alert, Button, Group } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './contracts-i18n';

/**
 * The end of a contract form or dialog: why the last attempt failed, then cancel and the action.
 * Without `onSubmit` the action submits the surrounding form.
 */
export function FormFooter({
  failure, onCancel, submitLabel, isPending, onSubmit, failureColor = 'red',
}: {
  failure: ReactNode;
  onCancel: () => void;
  submitLabel: string;
  isPending: boolean;
  onSubmit?: () => void;
  failureColor?: 'red' | 'orange';
}) {
  const { t } = useTranslation('contracts');
  return (
    <>
      {failure ? (
        <Alert color={failureColor} variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
