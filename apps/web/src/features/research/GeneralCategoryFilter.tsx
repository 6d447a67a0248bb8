import { type GeneralCategoryKind } from '@legal/api';
import { Chip, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCollectionMeta } from './collection-queries';
import './research-i18n';

/**
 * The general categories a workspace searches, as the composer offers them: a kind a super admin
 * switched off is never offered; precedents, rules and ordinances only once this installation holds
 * some (statutes always, their index may still be building).
 */
export function useOfferedKinds(): { kinds: GeneralCategoryKind[]; isLoaded: boolean } {
  const meta = useCollectionMeta();
  const kinds = (meta.data?.generalCategories ?? []).filter((c) => c.isEnabled && (c.kind === 'STATUTE' || c.hasSource)).map((c) => c.kind);
  return { kinds, isLoaded: meta.isSuccess };
}

/** "Search in": the kinds one question searches, among those offered (all by default). */
export function GeneralCategoryFilter({ offered, value, onChange, disabled }: {
  offered: GeneralCategoryKind[];
  value: GeneralCategoryKind[];
  onChange: (next: GeneralCategoryKind[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('research');
  return (
    <Group gap="xs" role="group" aria-label={t('composer.sources')} title={t('composer.sourcesHint')}>
      <Text size="sm" fw={500}>
        {t('composer.sources')}
      </Text>
      <Chip.Group multiple value={value} onChange={(next) => onChange(offered.filter((k) => next.includes(k)))}>
        {offered.map((kind) => (
          <Chip key={kind} value={kind} size="xs" disabled={disabled}>
            {t(`composer.kind${kind}`)}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
