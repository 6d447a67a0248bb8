import { type ReviewContractTypeInfo, type ReviewDocumentBody, type ReviewPosition } from '@legal/api';
import { Alert, Anchor, Button, Container, Grid, Group, Radio, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { SectionCard } from '../../components/SectionCard';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { creditShortage, isProviderMissing } from './ai-review-errors';
import { ShortageAlert } from './AiCallAlert';
import { aiReviewDetailPath, aiReviewListPath } from './ai-review-path';
import { AI_REVIEW_PERMISSIONS } from './ai-review-permissions';
import { useReviewContractTypes, useReviewEstimate, useStartReview } from './ai-review-queries';
import { PredictedTypeHint, useTypePrediction } from './PredictedTypeHint';
import { ReviewList } from './ReviewList';
import { type ReviewSource, ReviewSourcePicker } from './ReviewSourcePicker';
import './ai-review-i18n';

function documentOf(source: ReviewSource) {
  switch (source.kind) {
    case 'contract':
      return { contractId: source.contractId };
    case 'standalone':
      return { standaloneContractId: source.standaloneContractId };
    case 'file':
      return { fileKey: source.fileKey };
  }
}

function bodyOf(source: ReviewSource | null, type: ReviewContractTypeInfo | undefined, position: ReviewPosition | null): ReviewDocumentBody | null {
  if (!source || !type || !position) return null;
  return { ...documentOf(source), contractType: type.code, position };
}

const NO_TYPES: ReviewContractTypeInfo[] = [];

function EstimateLine({ body }: { body: ReviewDocumentBody | null }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const estimate = useReviewEstimate(body);
  if (!body) return <Text size="sm" c="dimmed">{t('start.estimateHint')}</Text>;
  if (estimate.isPending) return <LoadingState label={t('start.estimating')} />;
  if (estimate.isError) {
    if (creditShortage(estimate.error)) return <ShortageAlert error={estimate.error} />;
    return (
      <Alert color={isProviderMissing(estimate.error) ? 'orange' : 'red'} variant="light" role="alert">
        {estimate.error.message}
      </Alert>
    );
  }
  const e = estimate.data;
  return (
    <Stack gap={4} aria-label={t('start.estimateTitle')} role="group">
      <Group gap="lg">
        <Text size="sm">
          {t('start.cost')} <strong>{e.cached ? t('start.cachedFree') : t('start.credits', { count: e.credits, value: format.number(e.credits) })}</strong>
        </Text>
        <Text size="sm">
          {t('start.balance')} <strong>{t('start.credits', { count: e.balance, value: format.number(e.balance) })}</strong>
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('start.estimateDetail', { engine: t(`engine.${e.engine}`), checkpoints: e.checkpointCount, characters: format.number(e.textLength) })}
      </Text>
      {!e.cached && e.credits > e.balance ? (
        <Alert color="orange" variant="light" role="alert" title={t('start.shortageTitle')}>
          {t('start.shortage', { balance: format.number(e.balance), required: format.number(e.credits) })}
        </Alert>
      ) : null}
    </Stack>
  );
}

function StartForm({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('aiReview');
  const { locale } = useLocaleFormat();
  const navigate = useNavigate();
  const types = useReviewContractTypes();
  // `?contractId=` (the contract page's "AI 검토"): that contract is chosen.
  const [params] = useSearchParams();
  const linked = Number(params.get('contractId'));
  const [source, setSource] = useState<ReviewSource | null>(Number.isInteger(linked) && linked > 0 ? { kind: 'contract', contractId: linked, title: null } : null);
  // The type the user chose; until then the best predicted type of the source is preselected.
  const [chosenTypeCode, setChosenTypeCode] = useState<string | null>(null);
  // The side, with the type it was chosen for: a preselection that follows a new source asks again.
  const [chosenSide, setChosenSide] = useState<{ typeCode: string; position: ReviewPosition } | null>(null);
  const start = useStartReview();
  const prediction = useTypePrediction(source, types.data ?? NO_TYPES);
  const typeCode = chosenTypeCode ?? prediction.ranked[0]?.contractType ?? null;
  const type = types.data?.find((x) => x.code === typeCode);
  const position = chosenSide && chosenSide.typeCode === typeCode ? chosenSide.position : null;
  const chooseType = (next: string | null) => {
    setChosenTypeCode(next);
    setChosenSide(null);
  };
  const body = useMemo(() => bodyOf(source, type, position), [source, type, position]);
  const estimate = useReviewEstimate(body);

  if (types.isPending) return <LoadingState />;
  if (types.isError) return <ErrorState error={types.error} onRetry={() => void types.refetch()} />;

  const run = () => {
    if (!body) return;
    start.mutate(body, { onSuccess: (review) => void navigate(aiReviewDetailPath(workspaceName, review.reviewId)) });
  };
  const isShort = estimate.data ? !estimate.data.cached && estimate.data.credits > estimate.data.balance : false;

  return (
    <Stack gap="lg">
      <SectionCard order={2} title={t('start.documentTitle')}>
        <ReviewSourcePicker value={source} onChange={setSource} />
      </SectionCard>
      <SectionCard order={2} title={t('start.playbookTitle')}>
        <Stack gap="md">
          <Select
            label={t('start.contractType')}
            placeholder={t('start.contractTypePlaceholder')}
            data={types.data.map((x) => ({ value: x.code, label: `${x.name[locale]} (${t('start.checkpointCount', { count: x.checkpointCount })})` }))}
            value={typeCode}
            onChange={chooseType}
            allowDeselect={false}
          />
          <PredictedTypeHint prediction={prediction} typeCode={typeCode} onPick={chooseType} />
          {type ? (
            <Radio.Group label={t('start.position')} value={position ?? ''} onChange={(next) => setChosenSide({ typeCode: type.code, position: next as ReviewPosition })}>
              <Group mt="xs">
                {type.positions.map((p) => (
                  <Radio key={p.code} value={p.code} label={p.name[locale]} />
                ))}
              </Group>
            </Radio.Group>
          ) : null}
        </Stack>
      </SectionCard>
      <SectionCard order={2} title={t('start.estimateTitle')}>
        <Stack gap="sm">
          <EstimateLine body={body} />
          {start.isError ? (
            creditShortage(start.error) ? (
              <ShortageAlert error={start.error} estimate={estimate.data} />
            ) : (
              <Alert color="red" variant="light" role="alert">
                {start.error.message}
              </Alert>
            )
          ) : null}
          <Group justify="flex-end">
            <Button onClick={run} disabled={!body || isShort || estimate.isError} loading={start.isPending}>
              {t('start.run')}
            </Button>
          </Group>
        </Stack>
      </SectionCard>
    </Stack>
  );
}

function StartScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('aiReview');
  const canUse = useHasAnyPermission(AI_REVIEW_PERMISSIONS);
  useDocumentTitle(`${t('start.title')} · ${workspaceName}`);
  if (!canUse) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('start.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('start.description')}
          </Text>
        </div>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <StartForm workspaceName={workspaceName} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <SectionCard order={2} title={t('list.recent')}>
              <Stack gap="xs">
                <ReviewList workspaceName={workspaceName} page={0} size={5} />
                <Anchor component={Link} to={aiReviewListPath(workspaceName)} size="sm">
                  {t('list.all')}
                </Anchor>
              </Stack>
            </SectionCard>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/ai-review`: pick a document, its type and side, see the cost, run; the recent reviews beside. */
export function AiReviewStartPage() {
  return <WorkspaceGate product="AI_REVIEW">{(entry) => <StartScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
