import { type NoticeType } from '@legal/api';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './notices-i18n';

const COLORS: Record<NoticeType, string> = { GENERAL: 'gray', UPDATE: 'blue', MAINTENANCE: 'orange', POLICY: 'grape', EVENT: 'teal' };

export function NoticeTypeBadge({ noticeType }: { noticeType: NoticeType }) {
  const { t } = useTranslation('notices');
  return (
    <Badge color={COLORS[noticeType]} variant="light" radius="sm">
      {t(`types.${noticeType}`)}
    </Badge>
  );
}
