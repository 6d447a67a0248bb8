import { REVIEW_STEPS, type Finding, type Review } from '@legal/api';
import { Alert, Badge, Button, Container, Grid, Group, Menu, Stack, Stepper, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { ProgressBar } from '../../components/ProgressBar';
import { isApiError } from '../../lib/api';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { AI_REVIEW_PERMISSIONS } from './ai-review-permissions';
import { aiReviewDetailPath } from './ai-review-path';
import { useReview, useReviewExport, useStartReview } from './ai-review-queries';
import { clauseRewriteTarget, ClauseRewriteModal, type RewriteTarget } from './ClauseRewrite';
import { FindingsPanel } from './FindingsPanel';
import { ReviewAccuracyTab } from './ReviewAccuracyTab';
import { ReviewChatDrawer } from './ReviewChatDrawer';
import { blockDomId, ReviewDocument } from './ReviewDocument';
import { ReviewStatusBadge } from './ReviewList';
import { ReviewSummaryTab } from './ReviewSummaryTab';
import { ReviewTranslationModal } from './ReviewTranslation';
import { anchorOffset, blockAt, layoutText } from './review-text';
import './ai-review-i18n';

const FLASH_MS = 1600;

function ReviewProgress({ review }: { review: Review }) {
  const { t } = useTranslation('aiReview');
  const step = review.progress.step;
  const active = step ? REVIEW_STEPS.indexOf(step) : 0;
  return (
    <Stack gap="md" maw={720}>
      <ProgressBar value={review.progress.percent} label={step ? t('progress.label', { step: t(`step.${step}`) }) : t('progress.queued')} />
      <Stepper active={review.status === 'QUEUED' ? -1 : active} size="sm" allowNextStepsSelect={false} aria-label={t('progress.steps')}>
        {REVIEW_STEPS.map((s) => (
          <Stepper.Step key={s} label={t(`step.${s}`)} />
        ))}
      </Stepper>
    </Stack>
  );
}

function ReviewFailed({ review, workspaceName }: { review: Review; workspaceName: string }) {
  const { t } = useTranslation('aiReview');
  const navigate = useNavigate();
  const start = useStartReview();
  const { source } = review;
  const retry = () =>
    start.mutate(
      {
        ...(source.contractId ? { contractId: source.contractId } : source.standaloneContractId ? { standaloneContractId: source.standaloneContractId } : {}),
        fileKey: source.fileKey,
        revision: source.revision,
        contractType: review.contractType,
        position: review.position,
      },
      { onSuccess: (next) => void navigate(aiReviewDetailPath(workspaceName, next.reviewId)) },
    );
  return (
    <Alert color="red" variant="light" title={t('failed.title')} role="alert" maw={720}>
      <Stack gap="xs">
        <Text size="sm">{t('failed.description', { code: review.errorCode ?? 'ERROR_INTERNAL' })}</Text>
        <Text size="sm">{t('failed.refunded')}</Text>
        {start.isError ? (
          <Text size="sm" c="red">
            {start.error.message}
          </Text>
        ) : null}
        <Group>
          <Button onClick={retry} loading={start.isPending} variant="light">
            {t('failed.retry')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function ExportMenu({ review }: { review: Review }) {
  const { t } = useTranslation('aiReview');
  const exporter = useReviewExport(review);
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" loading={exporter.isPending}>
          {t('export.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => exporter.mutate('REPORT_DOCX')}>{t('export.reportDocx')}</Menu.Item>
        <Menu.Item onClick={() => exporter.mutate('REPORT_PDF')}>{t('export.reportPdf')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => exporter.mutate('CONTRACT_DOCX')}>{t('export.contractDocx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const TABS = ['findings', 'summary', 'accuracy'] as const;

function ReviewDone({ review }: { review: Review }) {
  const { t } = useTranslation('aiReview');
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'findings';
  const [flashAt, setFlashAt] = useState<number | null>(null);
  const [isChatOpen, setIsChatOpen] = useState(false);
  const [isTranslationOpen, setIsTranslationOpen] = useState(false);
  const [rewriteTarget, setRewriteTarget] = useState<RewriteTarget | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const jumpTo = (offset: number) => {
    const block = blockAt(layoutText(review.text ?? '', review.clauses, []), offset);
    if (!block) return;
    document.getElementById(blockDomId(block.start))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    setFlashAt(offset);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlashAt(null), FLASH_MS);
  };
  const jumpToFinding = (finding: Finding) => {
    const offset = anchorOffset(finding);
    if (offset !== null) jumpTo(offset);
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="xs">
        <Button variant="light" onClick={() => setIsTranslationOpen(true)}>
          {t('translate.open')}
        </Button>
        <Button variant="light" onClick={() => setIsChatOpen(true)}>
          {t('chat.open')}
        </Button>
        <ExportMenu review={review} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ReviewDocument
            review={review}
            findings={review.findings.filter((f) => f.decision !== 'DISMISSED')}
            flashAt={flashAt}
            onRewrite={(clause) => setRewriteTarget(clauseRewriteTarget(review, clause))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Tabs
            value={tab}
            onChange={(next) =>
              setParams(
                (current) => {
                  const out = new URLSearchParams(current);
                  if (next && next !== 'findings') out.set('tab', next);
                  else out.delete('tab');
                  return out;
                },
                { replace: true },
              )
            }
            keepMounted={false}
          >
            <Tabs.List>
              <Tabs.Tab value="findings">{t('tabs.findings')}</Tabs.Tab>
              <Tabs.Tab value="summary">{t('tabs.summary')}</Tabs.Tab>
              <Tabs.Tab value="accuracy">{t('tabs.accuracy')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="findings" pt="sm">
              <FindingsPanel findings={review.findings} reviewId={review.reviewId} onJump={jumpToFinding} onRewrite={setRewriteTarget} />
            </Tabs.Panel>
            <Tabs.Panel value="summary" pt="sm">
              <ReviewSummaryTab review={review} onJump={jumpTo} />
            </Tabs.Panel>
            <Tabs.Panel value="accuracy" pt="sm">
              <ReviewAccuracyTab contractType={review.contractType} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
      <ReviewChatDrawer review={review} opened={isChatOpen} onClose={() => setIsChatOpen(false)} onJump={jumpTo} />
      <ReviewTranslationModal review={review} opened={isTranslationOpen} onClose={() => setIsTranslationOpen(false)} />
      <ClauseRewriteModal review={review} target={rewriteTarget} onClose={() => setRewriteTarget(null)} />
    </Stack>
  );
}

function ReviewBody({ reviewId, workspaceName }: { reviewId: number; workspaceName: string }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const query = useReview(reviewId);
  useDocumentTitle(`${query.data?.source.fileName ?? t('detail.title')} · ${workspaceName}`);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <EmptyState title={t('detail.notFoundTitle')} description={t('detail.notFoundDescription')} />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const review = query.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          <Title order={1}>{review.source.fileName}</Title>
          <ReviewStatusBadge status={review.status} />
          {review.fromCache ? (
            <Badge variant="outline" color="gray" tt="none">
              {t('detail.fromCache')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('detail.meta', {
            type: t(`contractType.${review.contractType}`),
            position: t(`position.${review.position}`),
            engine: t(`engine.${review.engine}`),
            credits: format.number(review.creditsCharged),
            createdAt: format.dateTime(review.createdAt),
          })}
        </Text>
      </Stack>
      {review.status === 'QUEUED' || review.status === 'RUNNING' ? <ReviewProgress review={review} /> : null}
      {review.status === 'FAILED' ? <ReviewFailed review={review} workspaceName={workspaceName} /> : null}
      {review.status === 'DONE' ? <ReviewDone review={review} /> : null}
    </Stack>
  );
}

function ReviewScreen({ workspaceName }: { workspaceName: string }) {
  const { reviewId } = useParams();
  const canUse = useHasAnyPermission(AI_REVIEW_PERMISSIONS);
  const id = Number(reviewId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (!canUse) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <ReviewBody key={id} reviewId={id} workspaceName={workspaceName} />
    </Container>
  );
}

/**
 * `/:workspaceName/ai-review/:reviewId`: the progress of a running review (polled every second),
 * then the document with highlights beside its findings, summary and accuracy; chat, translation,
 * clause rewrites with AI (from a finding or a clause selected in the document) and exports.
 */
export function AiReviewPage() {
  return <WorkspaceGate product="AI_REVIEW">{(entry) => <ReviewScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
