import { type ContractTypePrediction, type ReviewContractTypeInfo } from '@legal/api';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useContractDetail } from '../contracts/contract-queries';
import { isTextBeingRead, useContractPrediction } from './ai-review-queries';
import { type ReviewSource } from './ReviewSourcePicker';
import './ai-review-i18n';

/** How many predicted types the hint offers as quick picks. */
const QUICK_PICKS = 3;

/** The file whose text predicts the type: the upload, the standalone contract's document, the contract's main document. */
function usePredictionFileKey(source: ReviewSource | null): { fileKey: string | null; isPending: boolean } {
  const contractId = source?.kind === 'contract' ? source.contractId : 0;
  const detail = useContractDetail(contractId, { isEnabled: contractId > 0 });
  if (!source) return { fileKey: null, isPending: false };
  if (source.kind !== 'contract') return { fileKey: source.fileKey, isPending: false };
  if (detail.isPending) return { fileKey: null, isPending: true };
  return { fileKey: detail.data?.files.find((f) => f.role === 'MAIN')?.fileKey ?? null, isPending: false };
}

export interface TypePrediction {
  /** The predicted types the playbook offers, best first. */
  ranked: ContractTypePrediction[];
  isPredicting: boolean;
  /** The document's text is still being extracted; the prediction is tried again meanwhile. */
  isReadingText: boolean;
  /** A prediction came back for the source (possibly with nothing similar). */
  isDone: boolean;
  error: Error | null;
}

/** Contract-prediction v3 for the chosen source, narrowed to the types of the select. */
export function useTypePrediction(source: ReviewSource | null, types: readonly ReviewContractTypeInfo[]): TypePrediction {
  const file = usePredictionFileKey(source);
  const prediction = useContractPrediction(file.fileKey);
  const ranked = useMemo(
    () => (prediction.data?.predictions ?? []).filter((p) => p.isReviewType && types.some((x) => x.code === p.contractType)),
    [prediction.data, types],
  );
  return {
    ranked,
    isPredicting: file.isPending || (file.fileKey !== null && prediction.isPending),
    isReadingText: prediction.isPending && isTextBeingRead(prediction.failureReason),
    isDone: file.fileKey !== null && prediction.isSuccess,
    error: file.fileKey !== null && prediction.isError ? prediction.error : null,
  };
}

/**
 * Under the contract-type select: "predicted: <type> (score)" and the other likely types as quick
 * picks; a small loader while predicting; a quiet line when it failed or found nothing.
 */
export function PredictedTypeHint({ prediction, typeCode, onPick }: { prediction: TypePrediction; typeCode: string | null; onPick: (code: string) => void }) {
  const { t } = useTranslation('aiReview');
  const { locale } = useLocaleFormat();
  const percent = (score: number) => Math.round(score * 100);

  if (prediction.isPredicting) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden="true" />
        <Text size="xs" c="dimmed">
          {prediction.isReadingText ? t('start.prediction.reading') : t('start.prediction.predicting')}
        </Text>
      </Group>
    );
  }
  if (prediction.error) {
    return (
      <Text size="xs" c="dimmed" role="status">
        {t('start.prediction.failed', { message: prediction.error.message })}
      </Text>
    );
  }
  const [best] = prediction.ranked;
  if (!best) {
    return prediction.isDone ? (
      <Text size="xs" c="dimmed" role="status">
        {t('start.prediction.none')}
      </Text>
    ) : null;
  }
  const picks = prediction.ranked.slice(0, QUICK_PICKS).filter((p) => p.contractType !== typeCode);
  return (
    <Stack gap={4} role="status">
      <Text size="xs" c="dimmed">
        {t('start.prediction.predicted', { type: best.name[locale], score: percent(best.score) })}
      </Text>
      {picks.length > 0 ? (
        <Group gap={6} role="group" aria-label={t('start.prediction.quickPicks')}>
          {picks.map((p) => (
            <Button key={p.contractType} size="compact-xs" variant="light" onClick={() => onPick(p.contractType)}>
              {t('start.prediction.pick', { type: p.name[locale], score: percent(p.score) })}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
