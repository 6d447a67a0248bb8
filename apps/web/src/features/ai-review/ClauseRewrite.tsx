import { estimateCredits, type Finding, REVIEW_POSITIONS, type Review, type ReviewPosition } from '@legal/api';
import { Button, CopyButton, Group, Loader, Modal, Paper, Radio, ScrollArea, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { AiCallAlert } from './AiCallAlert';
import { useDecideFinding, useEditClause } from './ai-review-queries';
import { diffWords } from './word-diff';
import './ai-review-i18n';

/** The stretch of the review text to rewrite, and the finding an accepted rewrite is stored with (none: copy only). */
export interface RewriteTarget {
  startOffset: number;
  endOffset: number;
  heading: string | null;
  finding: Finding | null;
}

/** A finding's stretch: its clause, else the text its suggested edit replaces, else its first evidence. */
export function findingRewriteTarget(finding: Finding): RewriteTarget | null {
  const edit = finding.suggestedEdit;
  const span = finding.clause
    ?? (edit && edit.replaceStart !== null && edit.replaceEnd !== null ? { startOffset: edit.replaceStart, endOffset: edit.replaceEnd } : null)
    ?? finding.evidence[0]
    ?? null;
  if (!span || span.endOffset <= span.startOffset) return null;
  return { startOffset: span.startOffset, endOffset: span.endOffset, heading: finding.clause?.heading ?? null, finding };
}

/** A clause of the document: stored with the first finding resting on it that is not dismissed (problems first). */
export function clauseRewriteTarget(review: Review, clause: { heading: string | null; startOffset: number; endOffset: number }): RewriteTarget {
  const onIt = review.findings.filter(
    (f) => f.decision !== 'DISMISSED' && f.clause !== null && f.clause.startOffset < clause.endOffset && f.clause.endOffset > clause.startOffset,
  );
  const finding = onIt.find((f) => f.verdict === 'NOT_MET' || f.verdict === 'UNCLEAR') ?? onIt[0] ?? null;
  return { startOffset: clause.startOffset, endOffset: clause.endOffset, heading: clause.heading, finding };
}

/** Words the proposal adds are underlined on green, words it drops struck through on red. */
export function DiffText({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation('aiReview');
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>
      {parts.map((part, i) =>
        part.kind === 'insert' ? (
          <ins key={i} title={t('rewrite.inserted')} style={{ backgroundColor: 'var(--mantine-color-teal-light)' }}>
            {part.text}
          </ins>
        ) : part.kind === 'delete' ? (
          <del key={i} title={t('rewrite.deleted')} style={{ backgroundColor: 'var(--mantine-color-red-light)' }}>
            {part.text}
          </del>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

type Mode = 'position' | 'instruction';

function RewriteForm({ review, target, onDone }: { review: Review; target: RewriteTarget; onDone: () => void }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const rewrite = useEditClause();
  const decide = useDecideFinding(review.reviewId);
  const [mode, setMode] = useState<Mode>('position');
  const [position, setPosition] = useState<ReviewPosition>(review.position);
  const [instruction, setInstruction] = useState('');
  const original = (review.text ?? '').slice(target.startOffset, target.endOffset);
  // The server prices a rewrite by the clause's length at the model rate (nothing is charged without a model).
  const credits = estimateCredits('EDIT_CLAUSE', { driver: 'OPENAI_COMPATIBLE', textLength: original.length, items: 1 });
  const positions = [review.position, ...REVIEW_POSITIONS.filter((p) => p !== review.position)];
  const canSubmit = mode === 'position' || instruction.trim() !== '';

  const submit = () =>
    rewrite.mutate({
      reviewId: review.reviewId,
      startOffset: target.startOffset,
      endOffset: target.endOffset,
      ...(mode === 'position' ? { position } : { instruction: instruction.trim() }),
    });
  const use = (text: string) => {
    if (!target.finding) return;
    decide.mutate(
      { findingId: target.finding.findingId, decision: 'ACCEPTED', edit: { text, startOffset: target.startOffset, endOffset: target.endOffset } },
      { onSuccess: onDone },
    );
  };

  if (rewrite.isSuccess) {
    const proposal = rewrite.data;
    return (
      <Stack gap="sm">
        <Text size="xs" fw={600} c="dimmed">
          {t('rewrite.proposal')}
        </Text>
        <Paper withBorder p="xs" radius="sm" role="group" aria-label={t('rewrite.diff')}>
          <ScrollArea.Autosize mah="50vh" type="auto">
            <DiffText before={original} after={proposal.text} />
          </ScrollArea.Autosize>
        </Paper>
        <Text size="xs" c="dimmed">
          {t('rewrite.charged', { value: format.number(proposal.creditsCharged), model: proposal.model })}
        </Text>
        {target.finding ? (
          <Text size="xs" c="dimmed">
            {t('rewrite.storedWith', { question: target.finding.question })}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t('rewrite.noFinding')}
          </Text>
        )}
        {decide.isError ? <AiCallAlert error={decide.error} /> : null}
        <Group justify="flex-end" gap="xs">
          <CopyButton value={proposal.text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('finding.copied') : t('finding.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => rewrite.reset()}>
            {t('rewrite.discard')}
          </Button>
          {target.finding ? (
            <Button color="teal" loading={decide.isPending} onClick={() => use(proposal.text)}>
              {t('rewrite.use')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit && !rewrite.isPending) submit();
      }}
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed">
            {t('rewrite.original')}
          </Text>
          <Paper bg="var(--mantine-color-default-hover)" p="xs" radius="sm">
            <ScrollArea.Autosize mah="30vh" type="auto">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {original}
              </Text>
            </ScrollArea.Autosize>
          </Paper>
        </Stack>
        <SegmentedControl
          aria-label={t('rewrite.mode')}
          value={mode}
          onChange={(next) => setMode(next as Mode)}
          data={[
            { value: 'position', label: t('rewrite.towardSide') },
            { value: 'instruction', label: t('rewrite.towardInstruction') },
          ]}
          fullWidth
        />
        {mode === 'position' ? (
          <Radio.Group label={t('rewrite.side')} value={position} onChange={(next) => setPosition(next as ReviewPosition)}>
            <Group mt="xs">
              {positions.map((p) => (
                <Radio key={p} value={p} label={p === review.position ? t('rewrite.ours', { position: t(`position.${p}`) }) : t(`position.${p}`)} />
              ))}
            </Group>
          </Radio.Group>
        ) : (
          <Textarea
            label={t('rewrite.instruction')}
            placeholder={t('rewrite.instructionPlaceholder')}
            value={instruction}
            maxLength={2000}
            autosize
            minRows={2}
            onChange={(event) => setInstruction(event.currentTarget.value)}
          />
        )}
        <Text size="sm">
          {t('rewrite.price')} <strong>{t('start.credits', { count: credits, value: format.number(credits) })}</strong>
        </Text>
        {rewrite.isError ? <AiCallAlert error={rewrite.error} /> : null}
        {rewrite.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('rewrite.pending')}
            </Text>
          </Group>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={rewrite.isPending} disabled={!canSubmit}>
            {t('rewrite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Rewrite with AI" for a finding or a clause: toward a side or an instruction, its price, then the proposal as a diff to use or discard. */
export function ClauseRewriteModal({ review, target, onClose }: { review: Review; target: RewriteTarget | null; onClose: () => void }) {
  const { t } = useTranslation('aiReview');
  return (
    <Modal opened={target !== null} onClose={onClose} size="lg" title={target?.heading ? t('rewrite.titleOf', { clause: target.heading }) : t('rewrite.title')}>
      {target ? <RewriteForm key={`${target.startOffset}-${target.endOffset}`} review={review} target={target} onDone={onClose} /> : null}
    </Modal>
  );
}
