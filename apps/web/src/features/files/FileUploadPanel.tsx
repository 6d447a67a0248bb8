import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../components/FileDropZone';
import { ProgressBar } from '../../components/ProgressBar';
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

/** Each upload's progress, then its outcome, as a list named `label`. */
export function UploadList({ items, label }: { items: readonly UploadItem[]; label: string }) {
  return (
    <List listStyleType="none" spacing="xs" aria-label={label} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
      {items.map((item) => (
        <List.Item key={item.id}>
          <UploadRow item={item} />
        </List.Item>
      ))}
    </List>
  );
}

/** A drop zone and a button for several files; each file shows its progress, then its outcome. */
export function FileUploadPanel() {
  const { t } = useTranslation('files');
  const { items, upload, clearFinished } = useFileUploads();
  const titleId = useId();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId} mb="sm">
        {t('upload.title')}
      </Title>
      <FileDropZone
        onFiles={(files) => void upload(files)}
        texts={{ drop: t('upload.drop'), choose: t('upload.choose'), hint: t('upload.hint'), input: t('upload.input') }}
      />
      {items.length > 0 ? (
        <Stack gap="xs" mt="md">
          <UploadList items={items} label={t('upload.listLabel')} />
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
