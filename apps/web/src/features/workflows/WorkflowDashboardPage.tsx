import { type AgeingBucket, STEP_CODES, type StepCode, type WorkflowCycleTimes } from '@legal/api';
import { Anchor, Container, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { SectionCard } from '../../components/SectionCard';
import { useLocaleFormat } from '../../lib/i18n';
import { statusColor as contractStatusColor } from '../contracts/ContractStatusBadge';
import { useContractStats } from '../contracts/contract-stats-queries';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { type BarRow, WorkflowBarChart } from './WorkflowBarChart';
import { type DashboardFilters, dashboardRange, rangeProblem, readDashboardFilters, writeDashboardFilters } from './dashboard-params';
import { useWorkflowLabels } from './workflow-labels';
import { useWorkflowCycleTimes, useWorkflowOpenItems } from './workflow-queries';
import { contractPath } from './workflows-path';
import './workflows-i18n';

/** A colour per step, for the bars stacked by step. */
const STEP_COLORS: Record<StepCode, string> = { REQUEST: 'gray', ASSIGNMENT: 'cyan', LEGAL_REVIEW: 'blue', APPROVAL: 'violet', SIGNING: 'grape', EXECUTION: 'green' };

/** Today in Korea, and the day `days` before a date: the default range the server uses too (90 days up to today). */
const koreanToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** "45분", "5.2시간", "3.4일": the unit that keeps the number small. */
function useFormatDuration() {
  const { t } = useTranslation('workflows');
  const { number } = useLocaleFormat();
  const round = (value: number) => number(Math.round(value * 10) / 10);
  return (seconds: number) => {
    if (seconds < 3600) return t('dashboard.duration.minutes', { value: round(seconds / 60) });
    if (seconds < 86_400) return t('dashboard.duration.hours', { value: round(seconds / 3600) });
    return t('dashboard.duration.days', { value: round(seconds / 86_400) });
  };
}

type Stat = { count: number; medianSeconds: number; p90Seconds: number };

/** Rows of a duration chart: the bar reaches the 90th percentile, its darker part the median. */
function useDurationRows() {
  const { t } = useTranslation('workflows');
  const duration = useFormatDuration();
  return (rows: Array<Stat & { key: string; label: string }>): BarRow[] =>
    rows.map((r) => ({
      key: r.key,
      label: r.label,
      parts: [
        { value: r.medianSeconds, color: 'blue', label: t('dashboard.median') },
        { value: Math.max(0, r.p90Seconds - r.medianSeconds), color: 'blue.2', label: t('dashboard.p90') },
      ],
      figure: `${duration(r.medianSeconds)} / ${duration(r.p90Seconds)}`,
      description: t('dashboard.statDescription', { label: r.label, median: duration(r.medianSeconds), p90: duration(r.p90Seconds), count: r.count }),
    }));
}

function RangeFilter({ filters, effective, onChange }: { filters: DashboardFilters; effective: { from: string; to: string }; onChange: (next: DashboardFilters) => void }) {
  const { t } = useTranslation('workflows');
  const problem = rangeProblem(filters);
  return (
    <Group align="flex-start" gap="sm" role="search" aria-label={t('dashboard.range')}>
      <DateInput label={t('dashboard.from')} value={effective.from} onChange={(from) => onChange({ ...filters, from, to: filters.to || effective.to })} />
      <DateInput
        label={t('dashboard.to')}
        value={effective.to}
        onChange={(to) => onChange({ ...filters, to, from: filters.from || effective.from })}
        error={problem ? t('dashboard.rangeError') : undefined}
      />
    </Group>
  );
}

function ContractsByStatus({ range, isEnabled }: { range: { dateStart?: string; dateEnd?: string }; isEnabled: boolean }) {
  const { t } = useTranslation('workflows');
  const stats = useContractStats(range, isEnabled);
  let body;
  if (!isEnabled) body = <Text size="sm" c="dimmed">{t('dashboard.fixRange')}</Text>;
  else if (stats.isPending) body = <LoadingState />;
  else if (stats.isError) body = <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />;
  else if (stats.data.total === 0) body = <EmptyState title={t('dashboard.noContracts')} />;
  else
    body = (
      <WorkflowBarChart
        label={t('dashboard.byStatus')}
        rows={stats.data.byStatus.map((s) => ({ key: s.status, label: s.label, parts: [{ value: s.count, color: contractStatusColor(s.status), label: s.label }] }))}
      />
    );
  return (
    <SectionCard title={t('dashboard.byStatus')} description={t('dashboard.byStatusHint')}>
      {body}
    </SectionCard>
  );
}

function OpenItems({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const { label } = useVocabulary();
  const duration = useFormatDuration();
  const { dateTime } = useLocaleFormat();
  const open = useWorkflowOpenItems();
  if (open.isPending) return <LoadingState />;
  if (open.isError) return <ErrorState error={open.error} onRetry={() => void open.refetch()} />;
  const data = open.data;
  if (data.total === 0) return <EmptyState title={t('dashboard.noOpenTitle')} description={t('dashboard.noOpenDescription')} />;
  const bucketLabel = (bucket: AgeingBucket) => t(`dashboard.bucket.${bucket}`);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('dashboard.byStep')} description={t('dashboard.openTotal', { count: data.total })}>
          <WorkflowBarChart
            label={t('dashboard.byStep')}
            rows={data.byStep.map((s) => ({ key: s.stepCode, label: labels.step(s.stepCode), parts: [{ value: s.count, color: STEP_COLORS[s.stepCode], label: labels.step(s.stepCode) }] }))}
          />
        </SectionCard>
        <SectionCard title={t('dashboard.ageing')} description={t('dashboard.ageingHint')}>
          <WorkflowBarChart
            label={t('dashboard.ageing')}
            rows={data.ageing.map((b) => ({
              key: b.bucket,
              label: bucketLabel(b.bucket),
              parts: b.byStep.length > 0 ? b.byStep.map((s) => ({ value: s.count, color: STEP_COLORS[s.stepCode], label: labels.step(s.stepCode) })) : [{ value: 0, color: 'gray', label: bucketLabel(b.bucket) }],
              description: `${bucketLabel(b.bucket)}: ${b.count}${b.byStep.length > 0 ? ` (${b.byStep.map((s) => `${labels.step(s.stepCode)} ${s.count}`).join(', ')})` : ''}`,
              figure: String(b.count),
            }))}
          />
        </SectionCard>
      </SimpleGrid>
      <SectionCard title={t('dashboard.slowest')} description={t('dashboard.slowestHint')}>
        <Table striped aria-label={t('dashboard.slowest')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.contract')}</Table.Th>
              <Table.Th>{t('columns.contractType')}</Table.Th>
              <Table.Th>{t('columns.step')}</Table.Th>
              <Table.Th>{t('columns.requester')}</Table.Th>
              <Table.Th>{t('dashboard.waitingSince')}</Table.Th>
              <Table.Th>{t('dashboard.waited')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.slowest.map((item) => (
              <Table.Tr key={item.workflowId}>
                <Table.Td>
                  <Anchor component={Link} to={contractPath(workspaceName, item.contractId)}>
                    {item.contractTitle}
                  </Anchor>
                </Table.Td>
                <Table.Td>{label('contractType', item.contractType)}</Table.Td>
                <Table.Td>{labels.step(item.stepCode)}</Table.Td>
                <Table.Td>{item.requester.displayName ?? t('people.unknown', { id: item.requester.userId })}</Table.Td>
                <Table.Td>{dateTime(item.waitingSince)}</Table.Td>
                <Table.Td>{duration(item.waitingSeconds)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SectionCard>
    </Stack>
  );
}

function CycleTimeCharts({ data, step, onStep }: { data: WorkflowCycleTimes; step: StepCode; onStep: (step: StepCode) => void }) {
  const { t } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const { label } = useVocabulary();
  const durationRows = useDurationRows();
  const byType = data.byContractType.filter((r) => r.stepCode === step);
  const byGroup = data.byGroup.filter((r) => r.stepCode === step);
  const steps = STEP_CODES.filter((code) => data.byStep.some((r) => r.stepCode === code));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('dashboard.cycleByStep')} description={t('dashboard.cycleHint')}>
          <WorkflowBarChart label={t('dashboard.cycleByStep')} figureWidth={120} rows={durationRows(data.byStep.map((r) => ({ ...r, key: r.stepCode, label: labels.step(r.stepCode) })))} />
        </SectionCard>
        <SectionCard title={t('dashboard.cycleByReviewer')} description={t('dashboard.cycleByReviewerHint')}>
          {data.byReviewer.length === 0 ? (
            <EmptyState title={t('dashboard.noReviews')} />
          ) : (
            <WorkflowBarChart
              label={t('dashboard.cycleByReviewer')}
              figureWidth={120}
              rows={durationRows(data.byReviewer.map((r) => ({ ...r, key: String(r.reviewer.userId), label: r.reviewer.displayName ?? t('people.unknown', { id: r.reviewer.userId }) })))}
            />
          )}
        </SectionCard>
      </SimpleGrid>
      <SectionCard title={t('dashboard.breakdown')}>
        <Stack gap="md">
          <Select
            label={t('dashboard.breakdownStep')}
            data={steps.map((code) => ({ value: code, label: labels.step(code) }))}
            value={steps.includes(step) ? step : null}
            onChange={(value) => value && onStep(value as StepCode)}
            allowDeselect={false}
            maw={240}
            comboboxProps={{ withinPortal: true }}
          />
          {byType.length === 0 ? (
            <Text size="sm" c="dimmed">{t('dashboard.noStaysAtStep', { step: labels.step(step) })}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <WorkflowBarChart
                label={t('dashboard.cycleByType', { step: labels.step(step) })}
                figureWidth={120}
                rows={durationRows(byType.map((r) => ({ ...r, key: r.contractType, label: label('contractType', r.contractType) })))}
              />
              <WorkflowBarChart
                label={t('dashboard.cycleByGroup', { step: labels.step(step) })}
                figureWidth={120}
                rows={durationRows(byGroup.map((r) => ({ ...r, key: String(r.groupId ?? 'none'), label: r.groupName ?? t('dashboard.noGroup') })))}
              />
            </SimpleGrid>
          )}
        </Stack>
      </SectionCard>
    </Stack>
  );
}

function CycleTimes({ range, isEnabled, step, onStep }: { range: { dateStart?: string; dateEnd?: string }; isEnabled: boolean; step: StepCode; onStep: (step: StepCode) => void }) {
  const { t } = useTranslation('workflows');
  const cycle = useWorkflowCycleTimes(range, isEnabled);
  if (!isEnabled) return <Text size="sm" c="dimmed">{t('dashboard.fixRange')}</Text>;
  if (cycle.isPending) return <LoadingState />;
  if (cycle.isError) return <ErrorState error={cycle.error} onRetry={() => void cycle.refetch()} />;
  if (cycle.data.byStep.length === 0) return <EmptyState title={t('dashboard.noStaysTitle')} description={t('dashboard.noStaysDescription')} />;
  return <CycleTimeCharts data={cycle.data} step={step} onStep={onStep} />;
}

function DashboardScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workflows');
  const [params, setParams] = useSearchParams();
  const filters = readDashboardFilters(params);
  useDocumentTitle(`${t('dashboard.title')} · ${workspaceName}`);
  const setFilters = (next: DashboardFilters) => setParams(writeDashboardFilters(next));
  // Both calls get the same explicit range: the one in the address, or the 90 days up to today in Korea.
  const today = koreanToday();
  const effective = { from: filters.from || (filters.to ? daysBefore(filters.to, 89) : daysBefore(today, 89)), to: filters.to || today };
  const range = dashboardRange({ ...filters, ...effective });
  const isValid = rangeProblem({ ...filters, ...effective }) === null;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('dashboard.title')}</Title>
        <section aria-labelledby="dashboard-open">
          <Title order={2} size="h3" id="dashboard-open" mb="md">
            {t('dashboard.openTitle')}
          </Title>
          <OpenItems workspaceName={workspaceName} />
        </section>
        <section aria-labelledby="dashboard-period">
          <Stack gap="md">
            <Title order={2} size="h3" id="dashboard-period">
              {t('dashboard.periodTitle')}
            </Title>
            <RangeFilter filters={filters} effective={effective} onChange={setFilters} />
            <ContractsByStatus range={range} isEnabled={isValid} />
            <CycleTimes range={range} isEnabled={isValid} step={filters.step} onStep={(step) => setFilters({ ...filters, step })} />
          </Stack>
        </section>
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/workflows/dashboard`: what is open and for how long, and how long each step took over a range (in the address). */
export function WorkflowDashboardPage() {
  return <WorkspaceGate product="CLM">{(entry) => <DashboardScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
