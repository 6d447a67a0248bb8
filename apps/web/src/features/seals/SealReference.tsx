import { type SealReferenceType } from '@legal/api';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contractPath } from '../contracts/contracts-path';
import './seals-i18n';

/** The document a seal went on: a link to the contract, or the envelope or file by name. */
export function SealReference({ workspaceName, type, id, title }: { workspaceName: string; type: SealReferenceType | null; id: number | null; title: string | null }) {
  const { t } = useTranslation('seals');
  if (type === null || id === null) return <Text size="sm" c="dimmed">—</Text>;
  const text = title ?? `${t(`vocab.reference.${type}`)} #${id}`;
  if (type === 'CONTRACT') {
    return (
      <Anchor component={Link} to={contractPath(workspaceName, id)} size="sm">
        {text}
      </Anchor>
    );
  }
  return (
    <Text size="sm">
      {text}{' '}
      <Text span size="xs" c="dimmed">
        ({t(`vocab.reference.${type}`)})
      </Text>
    </Text>
  );
}
