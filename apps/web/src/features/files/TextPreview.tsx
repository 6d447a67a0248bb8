import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useFileText } from './file-queries';
import './files-i18n';

/** The extracted text, page by page with each page's status (text, eml and other types). */
export function TextPreview({ fileKey, revision }: { fileKey: string; revision: number }) {
  const { t } = useTranslation('files');
  const query = useFileText(fileKey, revision);
  if (query.isPending) return <LoadingState label={t('preview.loading')} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const text = query.data;
  if (text.status === 'PENDING') return <Alert color="gray">{t('preview.textPending')}</Alert>;
  if (text.status === 'FAILED') return <Alert color="red">{t('preview.textFailed', { reason: text.error ?? t('status.unknownReason') })}</Alert>;
  if (text.pages.length === 0) return <Text c="dimmed">{t('preview.noText')}</Text>;
  return (
    <Stack gap="sm">
      {text.pages.map((page) => (
        <Paper key={page.pageNumber} withBorder p="sm" radius="sm" component="article" aria-label={t('preview.textPage', { page: page.pageNumber })}>
          <Group gap="xs" mb={6}>
            <Badge variant="light" size="sm">
              {t('preview.textPage', { page: page.pageNumber })}
            </Badge>
            {page.method === 'ocr' ? (
              <Badge variant="outline" size="sm" color="gray">
                OCR
              </Badge>
            ) : null}
          </Group>
          {page.status === 'failed' ? (
            <Text size="sm" c="red">
              {t('preview.pageFailed', { reason: page.error ?? t('status.unknownReason') })}
            </Text>
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {page.text}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
