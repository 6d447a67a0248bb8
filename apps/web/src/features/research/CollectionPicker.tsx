import { Anchor, Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCollectionSession } from './collection-queries';
import { collectionsPath } from './research-path';
import './research-i18n';

/** The composer's collections: the team's documents searched beside the statutes (categoryIds). */
export function CollectionPicker({ value, onChange, disabled }: { value: number[]; onChange: (ids: number[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('research');
  const session = useCollectionSession();
  const { workspaceName, chatDirectory } = useParams();
  const options = (session.data?.categories ?? []).map((c) => ({
    value: String(c.categoryId),
    label: `${c.name} (${t('collections.count', { count: c.indexedDocumentCount })})`,
  }));
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <MultiSelect
        style={{ flex: 1, minWidth: 0 }}
        label={t('collections.picker')}
        placeholder={value.length === 0 ? t('collections.pickerPlaceholder') : undefined}
        nothingFoundMessage={t('collections.pickerEmpty')}
        data={options}
        value={value.map(String)}
        onChange={(ids) => onChange(ids.map(Number))}
        disabled={disabled || session.isError}
        searchable
        clearable
      />
      {workspaceName && chatDirectory ? (
        <Anchor component={Link} to={collectionsPath(workspaceName, chatDirectory)} size="sm" pb={8}>
          {t('collections.manage')}
        </Anchor>
      ) : null}
    </Group>
  );
}
