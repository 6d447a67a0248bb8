import { type FormActiveStatus } from '@legal/api';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './standard-forms-i18n';

export function FormStatusBadge({ status }: { status: FormActiveStatus }) {
  const { t } = useTranslation('standardForms');
  return (
    <Badge variant="light" color={status === 'ACTIVE' ? 'green' : 'gray'}>
      {t(`status.${status}`)}
    </Badge>
  );
}
