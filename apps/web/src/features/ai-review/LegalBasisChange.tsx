import { type LegalBasis, type NewerArticleVersion } from '@legal/api';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { ClauseHistoryView } from '../research/ClauseHistoryView';
import './ai-review-i18n';

/**
 * Under a legal basis whose article reads differently in a newer version of its statute: when and
 * how it changed, and the word diff from the cited version to that one (the statute's clause
 * history, a public-law read every member may make, whatever the workspace's products).
 */
export function LegalBasisChange({ basis, newer, title }: { basis: LegalBasis; newer: NewerArticleVersion; title: string }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const [isOpen, setOpen] = useState(false);
  return (
    <Alert variant="light" color="orange" p="xs" mt="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('finding.newerVersion', { date: format.isoDate(newer.effectiveDate), kind: t(`finding.newerKind.${newer.changeKind}`) })}</Text>
        <Button size="compact-sm" variant="light" color="orange" onClick={() => setOpen(true)}>
          {t('finding.showChange')}
        </Button>
      </Group>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={t('finding.changeTitle', { basis: title })} size="lg">
        {isOpen ? (
          <ClauseHistoryView
            statuteId={newer.statuteId}
            article={basis.article}
            initial={{ from: { lawSerialNumber: basis.lawSerialNumber, effectiveDate: basis.effectiveDate }, to: { lawSerialNumber: newer.lawSerialNumber, effectiveDate: newer.effectiveDate } }}
          />
        ) : null}
      </Modal>
    </Alert>
  );
}
