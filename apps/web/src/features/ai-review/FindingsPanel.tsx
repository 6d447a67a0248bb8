import { FINDING_VERDICTS, type Finding, type FindingVerdict, REVIEW_RISKS, type ReviewRisk } from '@legal/api';
import { Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { type RewriteTarget } from './ClauseRewrite';
import { FindingCard } from './FindingCard';
import './ai-review-i18n';

const DEFAULT_VERDICTS: FindingVerdict[] = ['NOT_MET', 'UNCLEAR'];

/** The filters live in the URL (`risk`, `verdict` repeated); without `verdict` the problems show (not met, unclear). */
export function useFindingFilters() {
  const [params, setParams] = useSearchParams();
  const risk = (REVIEW_RISKS as readonly string[]).includes(params.get('risk') ?? '') ? (params.get('risk') as ReviewRisk) : null;
  const given = params.getAll('verdict').filter((v): v is FindingVerdict => (FINDING_VERDICTS as readonly string[]).includes(v));
  const verdicts = params.has('verdict') ? given : DEFAULT_VERDICTS;
  const update = (next: { risk?: ReviewRisk | null; verdicts?: FindingVerdict[] }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next.risk !== undefined) {
          if (next.risk) out.set('risk', next.risk);
          else out.delete('risk');
        }
        if (next.verdicts) {
          out.delete('verdict');
          for (const v of next.verdicts.length > 0 ? next.verdicts : ['']) out.append('verdict', v);
        }
        return out;
      },
      { replace: true },
    );
  return { risk, verdicts, update };
}

export function filterFindings(findings: readonly Finding[], risk: ReviewRisk | null, verdicts: readonly FindingVerdict[]): Finding[] {
  return findings.filter((f) => (risk === null || f.risk === risk) && verdicts.includes(f.verdict));
}

/** Findings with filters by risk and verdict (each option with its count). */
export function FindingsPanel({ findings, reviewId, onJump, onRewrite }: {
  findings: readonly Finding[];
  reviewId: number;
  onJump: (finding: Finding) => void;
  onRewrite: (target: RewriteTarget) => void;
}) {
  const { t } = useTranslation('aiReview');
  const { risk, verdicts, update } = useFindingFilters();
  const shown = filterFindings(findings, risk, verdicts);
  const byRisk = (r: ReviewRisk) => filterFindings(findings, r, verdicts).length;
  const byVerdict = (v: FindingVerdict) => filterFindings(findings, risk, [v]).length;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('filters.risk')}
        value={risk ?? 'ALL'}
        onChange={(next) => update({ risk: next === 'ALL' ? null : (next as ReviewRisk) })}
        data={[
          { value: 'ALL', label: t('filters.allRisks', { count: filterFindings(findings, null, verdicts).length }) },
          ...REVIEW_RISKS.map((r) => ({ value: r, label: `${t(`risk.${r}`)} ${byRisk(r)}` })),
        ]}
        fullWidth
      />
      <Chip.Group multiple value={verdicts} onChange={(next) => update({ verdicts: next as FindingVerdict[] })}>
        <Group gap={6} role="group" aria-label={t('filters.verdict')}>
          {FINDING_VERDICTS.map((v) => (
            <Chip key={v} value={v} size="xs" variant="light">
              {t(`verdict.${v}`)} {byVerdict(v)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('filters.shown', { shown: shown.length, total: findings.length })}
      </Text>
      {shown.length === 0 ? (
        findings.length > 0 && findings.every((f) => f.verdict === 'MET' || f.verdict === 'NOT_APPLICABLE') ? (
          <EmptyState title={t('filters.allMetTitle')} description={t('filters.allMetDescription', { count: findings.length })} />
        ) : (
          <EmptyState title={t('filters.noneTitle')} description={t('filters.noneDescription')} />
        )
      ) : (
        shown.map((finding) => <FindingCard key={finding.findingId} finding={finding} reviewId={reviewId} onJump={onJump} onRewrite={onRewrite} />)
      )}
    </Stack>
  );
}
