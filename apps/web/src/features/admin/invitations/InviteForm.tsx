import { INVITATION_LIMITS, InvitationLoginIdSchema } from '@legal/api';
import { Alert, Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, TagsInput, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldNames } from '../../../lib/forms/form-errors';
import { useInvitationFormOptions, useInvitationMutations } from './invitation-queries';
import './invitations-i18n';

type FormErrors = Partial<Record<'emails' | 'groupId' | 'jobPositionIds' | 'roleIds', string>>;

const toIds = (values: string[]) => values.map(Number);

/**
 * Invites one address (with an optional display name) or several at once, with a group, job
 * positions and roles chosen from the workspace's own (GET invitations/form-options).
 */
export function InviteForm() {
  const { t } = useTranslation('invitations');
  const options = useInvitationFormOptions();
  const { inviteOne, inviteMany } = useInvitationMutations();
  const [emails, setEmails] = useState<string[]>([]);
  const [displayName, setDisplayName] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [positionIds, setPositionIds] = useState<string[]>([]);
  const [roleIds, setRoleIds] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const chosenRoleIds = roleIds ?? (options.data?.defaultRoleIds ?? []).map(String);
  const isOne = emails.length === 1;
  const isBusy = inviteOne.isPending || inviteMany.isPending;

  const validate = (): FormErrors => {
    if (emails.length === 0) return { emails: t('form.emailsRequired') };
    if (emails.length > INVITATION_LIMITS.bulkMax) return { emails: t('form.tooMany', { max: INVITATION_LIMITS.bulkMax }) };
    const bad = emails.find((email) => !InvitationLoginIdSchema.safeParse(email).success);
    return bad ? { emails: t('form.emailInvalid', { value: bad }) } : {};
  };

  const reset = () => {
    setEmails([]);
    setDisplayName('');
  };

  const onFailure = (error: unknown) => {
    const fields = serverFieldNames(error);
    if (fields.size === 0) {
      setFailure(error instanceof Error ? error.message : t('form.optionsError'));
      return;
    }
    const found: FormErrors = {};
    if (fields.has('loginId') || fields.has('loginIds')) found.emails = t('form.emailInvalid', { value: emails.join(', ') });
    for (const field of ['groupId', 'jobPositionIds', 'roleIds'] as const) if (fields.has(field)) found[field] = t('form.unknownOption');
    setErrors(found);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // No role chosen: the server gives the default role.
    const setup = { groupId: groupId ? Number(groupId) : null, jobPositionIds: toIds(positionIds), roleIds: chosenRoleIds.length > 0 ? toIds(chosenRoleIds) : undefined };
    const loginIds = emails.map((email) => InvitationLoginIdSchema.parse(email));
    if (isOne) {
      inviteOne.mutate(
        { loginId: loginIds[0]!, displayName: displayName.trim() || undefined, ...setup },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('feedback.invited', { count: 1 }) });
            reset();
          },
          onError: onFailure,
        },
      );
      return;
    }
    inviteMany.mutate(
      { loginIds, ...setup },
      {
        onSuccess: (data) => {
          const skipped = data.skipped.map((s) => `${s.loginId} (${t(`skipReason.${s.reason}`)})`).join(', ');
          notifications.show({
            color: data.skipped.length > 0 ? 'yellow' : 'green',
            message: [t('feedback.invited', { count: data.invited.length }), ...(skipped ? [t('feedback.skipped', { list: skipped })] : [])].join(' '),
          });
          reset();
        },
        onError: onFailure,
      },
    );
  };

  const data = options.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invite-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="invite-form-title">
            {t('form.title')}
          </Title>
          {options.isError ? (
            <Alert color="yellow" role="alert">
              {t('form.optionsError')}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TagsInput
            label={t('form.emails')}
            placeholder={t('form.emailsPlaceholder')}
            description={t('form.emailsHelp', { max: INVITATION_LIMITS.bulkMax })}
            value={emails}
            onChange={setEmails}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            clearable
            error={errors.emails}
            required
          />
          {isOne ? (
            <TextInput
              label={t('form.displayName')}
              description={t('form.displayNameHelp')}
              value={displayName}
              onChange={(event) => setDisplayName(event.currentTarget.value)}
              maxLength={INVITATION_LIMITS.displayNameMaxLength}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Select
              label={t('form.group')}
              placeholder={t('form.groupPlaceholder')}
              data={(data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={groupId}
              onChange={setGroupId}
              clearable
              searchable
              error={errors.groupId}
            />
            <MultiSelect
              label={t('form.positions')}
              placeholder={t('form.positionsPlaceholder')}
              data={(data?.jobPositions ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={positionIds}
              onChange={setPositionIds}
              clearable
              searchable
              error={errors.jobPositionIds}
            />
            <MultiSelect
              label={t('form.roles')}
              placeholder={t('form.rolesPlaceholder')}
              description={t('form.rolesHelp')}
              data={(data?.roles ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={chosenRoleIds}
              onChange={setRoleIds}
              clearable
              searchable
              error={errors.roleIds}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={isBusy}>
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
