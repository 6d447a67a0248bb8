import { type Finding, type FindingVerdict, type LegalBasis } from '@legal/api';
import { Accordion, Badge, Blockquote, Button, CopyButton, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useDecideFinding } from './ai-review-queries';
import { findingRewriteTarget, type RewriteTarget } from './ClauseRewrite';
import { LegalBasisChange } from './LegalBasisChange';
import { RISK_COLORS } from './review-text';
import './ai-review-i18n';

export const VERDICT_COLORS: Record<FindingVerdict, string> = { NOT_MET: 'red', UNCLEAR: 'yellow', MET: 'teal', NOT_APPLICABLE: 'gray' };

const basisTitle = (b: LegalBasis) => [b.lawName, b.article, b.paragraph ? `제${b.paragraph}항` : null, b.articleTitle].filter(Boolean).join(' ');

function LegalBasisList({ basis }: { basis: LegalBasis[] }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  if (basis.length === 0) return null;
  return (
    <Accordion variant="contained" chevronPosition="left" aria-label={t('finding.legalBasis')}>
      {basis.map((b) => (
        <Accordion.Item key={`${b.lawSerialNumber}-${b.article}-${b.paragraph ?? ''}`} value={`${b.lawSerialNumber}-${b.article}-${b.paragraph ?? ''}`}>
          <Accordion.Control>
            <Group gap="xs">
              <Text size="sm">{basisTitle(b)}</Text>
              {b.newerVersion ? <Badge size="sm" variant="light" color="orange" tt="none">{t('finding.changedBadge')}</Badge> : null}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {b.text}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('finding.effectiveDate', { date: format.isoDate(b.effectiveDate) })}
            </Text>
            {b.newerVersion ? <LegalBasisChange basis={b} newer={b.newerVersion} title={basisTitle(b)} /> : null}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function DismissModal({ opened, onClose, onConfirm, isPending }: { opened: boolean; onClose: () => void; onConfirm: (reason: string) => void; isPending: boolean }) {
  const { t } = useTranslation('aiReview');
  const [reason, setReason] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={t('finding.dismissTitle')}>
      <Stack gap="sm">
        <Textarea
          label={t('finding.dismissReason')}
          description={t('finding.dismissHint')}
          value={reason}
          maxLength={1000}
          autosize
          minRows={3}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="gray" loading={isPending} disabled={reason.trim() === ''} onClick={() => onConfirm(reason.trim())}>
            {t('finding.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One finding: verdict and risk, why, the evidence, the law, and the suggested edit with its decision; its clause can be rewritten with AI. */
export function FindingCard({ finding, reviewId, onJump, onRewrite }: { finding: Finding; reviewId: number; onJump: (finding: Finding) => void; onRewrite: (target: RewriteTarget) => void }) {
  const { t } = useTranslation('aiReview');
  const decide = useDecideFinding(reviewId);
  const [isDismissing, setIsDismissing] = useState(false);
  const edit = finding.suggestedEdit;
  const rewriteTarget = findingRewriteTarget(finding);
  const send = (decision: Finding['decision'], reason?: string) =>
    decide.mutate({ findingId: finding.findingId, decision, reason }, { onSuccess: () => setIsDismissing(false) });

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={finding.question} data-finding={finding.findingId}>
      <Stack gap="xs">
        <Group gap={6} wrap="wrap">
          <Badge color={VERDICT_COLORS[finding.verdict]} variant="light" tt="none">
            {t(`verdict.${finding.verdict}`)}
          </Badge>
          <Badge color={RISK_COLORS[finding.risk]} variant="light" tt="none">
            {t(`risk.${finding.risk}`)}
          </Badge>
          {finding.decision !== 'OPEN' ? (
            <Badge color={finding.decision === 'ACCEPTED' ? 'teal' : 'gray'} variant="outline" tt="none">
              {t(`decision.${finding.decision}`)}
            </Badge>
          ) : null}
        </Group>
        <Text fw={600} size="sm">
          {finding.question}
        </Text>
        <Text size="sm">{finding.explanation}</Text>
        {finding.evidence.map((e) => (
          <Blockquote key={`${e.startOffset}-${e.endOffset}`} p="xs" color={RISK_COLORS[finding.risk]} fz="sm">
            {e.text}
          </Blockquote>
        ))}
        <LegalBasisList basis={finding.legalBasis} />
        {edit ? (
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed">
              {t('finding.suggestedEdit')}
            </Text>
            <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {edit.text}
              </Text>
            </Paper>
          </Stack>
        ) : null}
        {finding.decision === 'DISMISSED' && finding.decisionReason ? (
          <Text size="xs" c="dimmed">
            {t('finding.dismissedBecause', { reason: finding.decisionReason })}
          </Text>
        ) : null}
        {decide.isError ? (
          <Text size="xs" c="red" role="alert">
            {decide.error.message}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {finding.clause || finding.evidence.length > 0 ? (
            <Button size="compact-sm" variant="subtle" onClick={() => onJump(finding)}>
              {t('finding.jump')}
            </Button>
          ) : null}
          {rewriteTarget ? (
            <Button size="compact-sm" variant="light" onClick={() => onRewrite(rewriteTarget)}>
              {t('rewrite.open')}
            </Button>
          ) : null}
          {edit ? (
            <CopyButton value={edit.text}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy}>
                  {copied ? t('finding.copied') : t('finding.copy')}
                </Button>
              )}
            </CopyButton>
          ) : null}
          {finding.decision === 'OPEN' ? (
            <>
              {edit ? (
                <Button size="compact-sm" color="teal" loading={decide.isPending && !isDismissing} onClick={() => send('ACCEPTED')}>
                  {t('finding.accept')}
                </Button>
              ) : null}
              <Button size="compact-sm" variant="light" color="gray" onClick={() => setIsDismissing(true)}>
                {t('finding.dismiss')}
              </Button>
            </>
          ) : (
            <Button size="compact-sm" variant="light" loading={decide.isPending} onClick={() => send('OPEN')}>
              {t('finding.reopen')}
            </Button>
          )}
        </Group>
      </Stack>
      <DismissModal opened={isDismissing} onClose={() => setIsDismissing(false)} onConfirm={(reason) => send('DISMISSED', reason)} isPending={decide.isPending} />
    </Paper>
  );
}
