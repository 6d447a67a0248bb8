import { type InquirySummary } from '@legal/api';
import { Anchor, Badge, Button, Card, Container, Group, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { ListFooter } from '../../../components/ListFooter';
import { LoadingState } from '../../../components/LoadingState';
import { WorkspacePageHeader } from '../../../components/WorkspacePageHeader';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { ResearchGate } from '../ChatDirectoryGate';
import { advisoryPath, researchChatPath } from '../research-path';
import { type InquiryFilters, readInquiryFilters, useInquiries, writeInquiryFilters } from './advisory-queries';
import { NewInquiryModal } from './NewInquiryModal';
import '../research-i18n';

function InquiryTable({ inquiries, linkTo }: { inquiries: InquirySummary[]; linkTo: (inquiryId: number) => string }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('advisory.list.caption')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('advisory.list.inquiry')}</Table.Th>
            <Table.Th w={110}>{t('advisory.list.state')}</Table.Th>
            <Table.Th w={130}>{t('advisory.list.asOf')}</Table.Th>
            <Table.Th w={190}>{t('advisory.list.recorded')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inquiries.map((inquiry) => (
            <Table.Tr key={inquiry.inquiryId}>
              <Table.Td>
                <Anchor component={Link} to={linkTo(inquiry.inquiryId)} fw={600} size="sm">
                  {inquiry.title}
                </Anchor>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {inquiry.question}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={inquiry.answer ? 'teal' : 'gray'} tt="none">
                  {t(inquiry.answer ? 'advisory.answered' : 'advisory.unanswered')}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{inquiry.asOf ? format.isoDate(inquiry.asOf) : '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(inquiry.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdvisoryScreen({ workspaceName, directory }: { workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  useDocumentTitle(`${t('advisory.title')} · ${workspaceName}`);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readInquiryFilters(params);
  const setFilters = (next: InquiryFilters) => setParams(writeInquiryFilters(next));
  const list = useInquiries(filters);
  const [isCreating, setIsCreating] = useState(false);
  const linkTo = (inquiryId: number) => advisoryPath(workspaceName, directory, inquiryId);
  const newButton = <Button onClick={() => setIsCreating(true)}>{t('advisory.new')}</Button>;

  let body;
  if (list.isPending) body = <LoadingState label={t('advisory.list.loading')} />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0) {
    body = filters.keyword ? (
      <EmptyState
        title={t('advisory.list.notFound')}
        description={t('advisory.list.notFoundHint', { keyword: filters.keyword })}
        action={<Button variant="light" onClick={() => setFilters({ keyword: '', page: 0 })}>{t('advisory.list.clear')}</Button>}
      />
    ) : (
      <EmptyState title={t('advisory.list.empty')} description={t('advisory.list.emptyHint')} action={newButton} />
    );
  } else {
    body = (
      <Stack gap="sm">
        <InquiryTable inquiries={list.data.content} linkTo={linkTo} />
        <ListFooter
          total={t('advisory.list.total', { count: list.data.totalElements })}
          totalPages={list.data.totalPages}
          page={filters.page}
          onPage={(page) => setFilters({ ...filters, page })}
          pagesLabel={t('advisory.list.pages')}
        />
      </Stack>
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <WorkspacePageHeader
          workspaceName={workspaceName}
          title={t('advisory.title')}
          description={t('advisory.description')}
          aside={
            <Group gap="sm">
              <Anchor component={Link} to={researchChatPath(workspaceName, directory)} size="sm">
                {t('collections.backToChat')}
              </Anchor>
              {newButton}
            </Group>
          }
        />
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('advisory.list.caption')}>
          <Stack gap="md">
            <ListFilterBar
              label={t('advisory.list.search')}
              keyword={{
                value: filters.keyword,
                label: t('advisory.list.keyword'),
                placeholder: t('advisory.list.keywordPlaceholder'),
                submitLabel: t('advisory.list.searchButton'),
                onSubmit: (keyword) => setFilters({ keyword, page: 0 }),
                maxLength: 200,
                miw: 320,
              }}
              reset={filters.keyword ? { label: t('advisory.list.clear'), onReset: () => setFilters({ keyword: '', page: 0 }) } : undefined}
            />
            {body}
          </Stack>
        </Card>
      </Stack>
      <NewInquiryModal
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(inquiry) => {
          setIsCreating(false);
          void navigate(linkTo(inquiry.inquiryId));
        }}
      />
    </Container>
  );
}

/** `/:workspaceName/:chatDirectory/advisory`: the questions the legal team was asked, newest first, with a keyword search. */
export function AdvisoryPage() {
  return <ResearchGate>{(entry, directory) => <AdvisoryScreen workspaceName={entry.workspaceName} directory={directory} />}</ResearchGate>;
}
