import { CreateRoleRequestBodySchema, ROLE_REQUEST_LIMITS } from '@legal/api';
import { Alert, Button, Card, Group, Select, Stack, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIssues } from '../../../lib/forms/field-issues';
import { serverFieldNames } from '../../../lib/forms/form-errors';
import { useRoleRequestFormOptions, useRoleRequestMutations } from './role-request-queries';
import './role-requests-i18n';

type Errors = Partial<Record<'roleId' | 'reason' | 'approveUserId', string>>;

/**
 * Asks for a role of the workspace with a reason and, optionally, a named approver (the members
 * who may approve, from GET role-requests/form-options). Roles held or already asked for are
 * shown but cannot be chosen.
 */
export function RoleRequestForm() {
  const { t } = useTranslation('roleRequests');
  const options = useRoleRequestFormOptions();
  const { create } = useRoleRequestMutations();
  const [roleId, setRoleId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [approveUserId, setApproveUserId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const roleLabel = (role: { name: string; isHeld: boolean; hasPendingRequest: boolean }) =>
    role.isHeld ? `${role.name} (${t('mine.held')})` : role.hasPendingRequest ? `${role.name} (${t('mine.pending')})` : role.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { roleId: roleId ? Number(roleId) : undefined, reason, approveUserId: approveUserId ? Number(approveUserId) : undefined };
    const issues = fieldIssues(CreateRoleRequestBodySchema.safeParse(body));
    const found: Errors = {};
    if (issues.roleId) found.roleId = t('mine.roleRequired');
    if (issues.reason) found.reason = issues.reason.code === 'too_big' ? t('mine.reasonTooLong', { max: ROLE_REQUEST_LIMITS.reasonMaxLength }) : t('mine.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(CreateRoleRequestBodySchema.parse(body), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('mine.submitted') });
        setRoleId(null);
        setReason('');
        setApproveUserId(null);
      },
      onError: (error) => {
        const fields = serverFieldNames(error);
        setErrors({
          ...(fields.has('roleId') ? { roleId: t('mine.roleRequired') } : {}),
          ...(fields.has('approveUserId') ? { approveUserId: t('mine.approverInvalid') } : {}),
        });
      },
    });
  };

  const approvers = options.data?.approvers ?? [];
  const failure = create.isError && serverFieldNames(create.error).size === 0 ? create.error.message : null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="role-request-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="role-request-form-title">
            {t('mine.formTitle')}
          </Title>
          {options.isError ? (
            <Alert color="yellow" role="alert">
              {t('mine.optionsError')}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Select
            label={t('mine.role')}
            placeholder={t('mine.rolePlaceholder')}
            data={(options.data?.roles ?? []).map((role) => ({ value: String(role.id), label: roleLabel(role), disabled: role.isHeld || role.hasPendingRequest }))}
            value={roleId}
            onChange={setRoleId}
            searchable
            required
            error={errors.roleId}
          />
          <Textarea
            label={t('mine.reason')}
            placeholder={t('mine.reasonPlaceholder')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={3}
            required
            error={errors.reason}
          />
          {approvers.length > 0 ? (
            <Select
              label={t('mine.approver')}
              placeholder={t('mine.approverPlaceholder')}
              data={approvers.map((a) => ({ value: String(a.userId), label: a.displayName }))}
              value={approveUserId}
              onChange={setApproveUserId}
              clearable
              searchable
              error={errors.approveUserId}
            />
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('mine.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
