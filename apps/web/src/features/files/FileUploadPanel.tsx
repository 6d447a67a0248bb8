import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ProgressBar';
import { IconUpload } from './file-icons';
import { FileSize } from './FileSize';
import { useFileUploads, type UploadItem } from './use-file-uploads';
import './files-i18n';

export function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation('files');
  if (item.status === 'uploading') {
    return <ProgressBar value={item.percent ?? undefined} label={t('upload.uploading', { name: item.name })} />;
  }
  if (item.status === 'done') {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {item.name}
        </Text>
        <Text size="sm" c="teal" style={{ whiteSpace: 'nowrap' }}>
          {t('upload.done')} · <FileSize bytes={item.file.size} />
        </Text>
      </Group>
    );
  }
  return (
    <Alert color="red" variant="light" p="xs" title={`${item.name}: ${t('upload.failed')}`} role="alert">
      {item.errorKey ? t(`upload.${item.errorKey}`) : item.message}
    </Alert>
  );
}

/** A drop zone and a button for several files; each file shows its progress, then its outcome. */
export function FileUploadPanel() {
  const { t } = useTranslation('files');
  const { items, upload, clearFinished } = useFileUploads();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const titleId = useId();
  const inputId = useId();

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId} mb="sm">
        {t('upload.title')}
      </Title>
      <Stack
        align="center"
        gap="xs"
        p="lg"
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        data-dragging={isDragging || undefined}
        style={{
          border: `2px dashed var(--mantine-color-${isDragging ? 'primary-filled' : 'default-border'})`,
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <IconUpload size={28} stroke={1.5} aria-hidden="true" />
        <Group gap="xs" justify="center">
          <Text size="sm">{t('upload.drop')}</Text>
          <Button size="xs" variant="light" onClick={() => inputRef.current?.click()}>
            {t('upload.choose')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('upload.hint')}
        </Text>
        <label htmlFor={inputId} style={{ display: 'none' }}>
          {t('upload.input')}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            void upload(files);
          }}
        />
      </Stack>
      {items.length > 0 ? (
        <Stack gap="xs" mt="md">
          <List listStyleType="none" spacing="xs" aria-label={t('upload.listLabel')} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
            {items.map((item) => (
              <List.Item key={item.id}>
                <UploadRow item={item} />
              </List.Item>
            ))}
          </List>
          {items.some((item) => item.status !== 'uploading') ? (
            <Group justify="flex-end">
              <Button size="xs" variant="subtle" onClick={clearFinished}>
                {t('upload.clearFinished')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}
