import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Declines; rejects with the message to show when the server refused. */
  onDecline: (reason: string) => Promise<void>;
}

/** Declining ends the envelope for everyone, so it asks for a reason and a second press. */
export function DeclineDialog({ opened, onClose, onDecline }: Props) {
  const { t } = useTranslation('esignSigner');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const text = reason.trim();
    if (!text) {
      setError(t('decline.reasonRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onDecline(text);
    } catch (cause) {
      setFailure(cause instanceof Error && cause.message ? cause.message : t('decline.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('decline.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('decline.body')}</Text>
          <Textarea
            label={t('decline.reasonLabel')}
            withAsterisk
            aria-required="true"
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('decline.cancel')}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t('decline.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
