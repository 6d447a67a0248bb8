import { PERMISSION, type ReviewEstimate } from '@legal/api';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { isApiError } from '../../lib/api';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { type SessionState, useHasPermission, useSession } from '../../lib/session';
import { creditShortage, isProviderMissing } from './ai-review-errors';
import './ai-review-i18n';

/** 402: the balance against what the call (or, when known, the estimate) needs; nothing for another failure. */
export function ShortageAlert({ error, estimate }: { error: unknown; estimate?: ReviewEstimate }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const shortage = creditShortage(error, estimate);
  if (!shortage) return null;
  return (
    <Alert color="orange" variant="light" title={t('start.shortageTitle')} role="alert">
      {shortage.balance === null
        ? t('start.shortageUnknown')
        : t('start.shortage', { balance: format.number(shortage.balance), required: shortage.required === null ? '?' : format.number(shortage.required) })}
    </Alert>
  );
}

const selectIds = (s: SessionState) => `tenantId=${s.tenantId}&workspaceId=${s.workspaceId}`;

/**
 * The failure of a model-backed call on the review page: 402 with the balance (the start page's
 * message), 503 with the server's message on how to configure a model (and, for a super admin,
 * the AI settings of this workspace), anything else with the server's message.
 */
export function AiCallAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('aiReview');
  const isSuperAdmin = useHasPermission(PERMISSION.superAdminWorkspaceRead);
  const ids = useSession(selectIds);
  if (creditShortage(error)) return <ShortageAlert error={error} />;
  const message = isApiError(error) && error.message ? error.message : t('ai.failed');
  if (isProviderMissing(error)) {
    return (
      <Alert color="orange" variant="light" title={t('chat.noModelTitle')} role="alert">
        <Stack gap={4}>
          <Text size="sm">{message}</Text>
          {isSuperAdmin ? (
            <Anchor component={Link} to={`${PATHS.superAdmin}/ai-settings?${ids}`} size="sm">
              {t('ai.configure')}
            </Anchor>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
