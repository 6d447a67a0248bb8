import { type InquiryDetail, type ResearchCitation } from '@legal/api';
import { Anchor, Badge, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { ProgressBar } from '../../../components/ProgressBar';
import { SectionCard } from '../../../components/SectionCard';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { ResearchGate } from '../ChatDirectoryGate';
import { CitationPanel } from '../CitationPanel';
import { advisoryPath, statuteBrowserPath } from '../research-path';
import { AdvisoryDraftCard } from './AdvisoryDraftCard';
import { useDraftReply, useInquiry } from './advisory-queries';
import { SimilarInquiries } from './SimilarInquiries';
import '../research-i18n';

function Drafts({ inquiry, linkTo, onOpenCitation }: { inquiry: InquiryDetail; linkTo: (inquiryId: number) => string; onOpenCitation: (c: ResearchCitation) => void }) {
  const { t } = useTranslation('research');
  const draft = useDraftReply(inquiry.inquiryId);
  return (
    <SectionCard title={t('advisory.drafts.title')} description={t('advisory.drafts.description')} order={2}>
      <Stack gap="md">
        <Group>
          <Button onClick={() => draft.mutate()} loading={draft.isPending}>
            {t('advisory.drafts.create')}
          </Button>
        </Group>
        {draft.isPending ? <ProgressBar label={t('advisory.drafts.working')} /> : null}
        {draft.isError ? <ErrorState error={draft.error} title={t('advisory.drafts.failed')} onRetry={() => draft.mutate()} /> : null}
        {inquiry.drafts.length === 0 && !draft.isPending ? (
          <Text size="sm" c="dimmed">
            {t('advisory.drafts.empty')}
          </Text>
        ) : (
          <Stack gap="md" role="feed" aria-label={t('advisory.drafts.title')} aria-busy={draft.isPending}>
            {inquiry.drafts.map((d) => (
              <AdvisoryDraftCard key={d.draftId} inquiryId={inquiry.inquiryId} inquiryTitle={inquiry.title} draft={d} linkTo={linkTo} onOpenCitation={onOpenCitation} />
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}

function InquiryView({ inquiry, workspaceName, directory }: { inquiry: InquiryDetail; workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const [citation, setCitation] = useState<ResearchCitation | null>(null);
  const linkTo = (inquiryId: number) => advisoryPath(workspaceName, directory, inquiryId);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={advisoryPath(workspaceName, directory)} size="sm">
          {t('advisory.backToList')}
        </Anchor>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {inquiry.title}
        </Title>
        <Group gap="xs">
          <Badge variant="light" color={inquiry.answer ? 'teal' : 'gray'} tt="none">
            {t(inquiry.answer ? 'advisory.answered' : 'advisory.unanswered')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('advisory.recordedAt', { date: format.dateTime(inquiry.createdAt) })}
          </Text>
          {inquiry.asOf ? (
            <Text size="sm" c="dimmed">
              · {t('advisory.asOfDate', { date: format.isoDate(inquiry.asOf) })}
            </Text>
          ) : null}
        </Group>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <SectionCard title={t('advisory.question')} order={2}>
              <Stack gap="md">
                <Text style={{ whiteSpace: 'pre-wrap' }}>{inquiry.question}</Text>
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('advisory.answer')}
                  </Text>
                  {inquiry.answer ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {inquiry.answer}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('advisory.noAnswer')}
                    </Text>
                  )}
                </Stack>
              </Stack>
            </SectionCard>
            <Drafts inquiry={inquiry} linkTo={linkTo} onOpenCitation={setCitation} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SectionCard title={t('advisory.similar.title')} description={t('advisory.similar.description')} order={2}>
            {inquiry.similar.length === 0 ? (
              <EmptyState title={t('advisory.similar.empty')} description={t('advisory.similar.emptyHint')} />
            ) : (
              <SimilarInquiries inquiries={inquiry.similar} linkTo={linkTo} label={t('advisory.similar.title')} />
            )}
          </SectionCard>
        </Grid.Col>
      </Grid>
      <CitationPanel
        citation={citation}
        onClose={() => setCitation(null)}
        browserPath={(c) => statuteBrowserPath(workspaceName, directory, { lawSerialNumber: c.lawSerialNumber, article: c.article })}
      />
    </Stack>
  );
}

function InquiryScreen({ inquiryId, workspaceName, directory }: { inquiryId: number; workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  const inquiry = useInquiry(inquiryId);
  useDocumentTitle(`${inquiry.data?.title ?? t('advisory.title')} · ${workspaceName}`);
  let body;
  if (inquiry.isPending) body = <LoadingState label={t('advisory.loading')} />;
  else if (inquiry.isError) {
    body = (
      <Card withBorder radius="md">
        <ErrorState error={inquiry.error} onRetry={() => void inquiry.refetch()} />
        <Group justify="center" pb="md">
          <Anchor component={Link} to={advisoryPath(workspaceName, directory)} size="sm">
            {t('advisory.backToList')}
          </Anchor>
        </Group>
      </Card>
    );
  } else body = <InquiryView inquiry={inquiry.data} workspaceName={workspaceName} directory={directory} />;
  return (
    <Container size="xl" py="xl">
      {body}
    </Container>
  );
}

/** `/:workspaceName/:chatDirectory/advisory/:inquiryId`: an inquiry, the similar earlier ones and its draft replies. */
export function InquiryPage() {
  const inquiryId = Number(useParams().inquiryId);
  if (!Number.isSafeInteger(inquiryId) || inquiryId <= 0) return <NotFoundPage />;
  return (
    <ResearchGate>
      {(entry, directory) => <InquiryScreen key={inquiryId} inquiryId={inquiryId} workspaceName={entry.workspaceName} directory={directory} />}
    </ResearchGate>
  );
}
