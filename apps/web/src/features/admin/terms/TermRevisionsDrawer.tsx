import { AddTermRevisionBodySchema, type Term, TERM_LIMITS, type TermRevision } from '@legal/api';
import { Alert, Badge, Button, Card, Drawer, Group, Pagination, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { type FormError, type FormErrors, formErrorText, schemaErrors, serverErrors } from '../../../lib/forms/form-errors';
import { useFormatDateTime } from '../../../lib/i18n';
import { useTermMutations, useTermRevisions } from './term-queries';
import { TermText } from './TermText';
import './terms-i18n';

/** `datetime-local` (the browser's zone) to an ISO instant; empty = now (left to the server). */
function toInstant(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** `asOf`: when the list was fetched, so "scheduled" is judged against the data shown. */
function RevisionCard({ revision, asOf }: { revision: TermRevision; asOf: number }) {
  const { t } = useTranslation('terms');
  const formatDateTime = useFormatDateTime();
  const isScheduled = new Date(revision.effectiveAt).getTime() > asOf;
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={t('version', { version: revision.version })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{t('version', { version: revision.version })}</Text>
            <Badge variant="light" color={revision.requiresConsent ? 'red' : 'gray'}>
              {revision.requiresConsent ? t('revisions.requiresConsent') : t('revisions.noConsent')}
            </Badge>
            <Badge variant="dot" color={isScheduled ? 'yellow' : 'green'}>
              {isScheduled ? t('revisions.scheduled') : t('revisions.inEffect')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(revision.effectiveAt)}
          </Text>
        </Group>
        <TermText body={revision.body} label={t('version', { version: revision.version })} maxHeight={160} />
      </Stack>
    </Card>
  );
}

/** The next version's text, whether it needs consent, and when it takes effect. */
function AddRevisionForm({ term }: { term: Term }) {
  const { t } = useTranslation('terms');
  const { addRevision } = useTermMutations();
  const [body, setBody] = useState('');
  const [requiresConsent, setRequiresConsent] = useState(true);
  const [effectiveAt, setEffectiveAt] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const message = (error: FormError | undefined) => formErrorText(error, (key) => t(`form.errors.${key}`, { max: TERM_LIMITS.bodyMaxLength }));

  if (!term.isActive) {
    return (
      <Alert color="gray" variant="light">
        {t('revisions.inactiveHint')}
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { body, requiresConsent, effectiveAt: toInstant(effectiveAt) };
    const found = schemaErrors(AddTermRevisionBodySchema.safeParse(values));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    addRevision.mutate(
      { termId: term.id, body: values },
      {
        onSuccess: () => {
          setBody('');
          setEffectiveAt('');
          notifications.show({ color: 'green', message: t('revisions.added') });
        },
        onError: (error) => setErrors(serverErrors(error) ?? {}),
      },
    );
  };
  const otherError = addRevision.isError && !serverErrors(addRevision.error) ? addRevision.error : null;

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} noValidate aria-label={t('revisions.addTitle')}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('revisions.addTitle')}
        </Title>
        <Textarea
          label={t('form.body')}
          description={t('form.bodyHint')}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setErrors((previous) => ({ ...previous, body: undefined }));
          }}
          autosize
          minRows={5}
          maxRows={14}
          maxLength={TERM_LIMITS.bodyMaxLength}
          error={message(errors.body)}
          withAsterisk
        />
        <Switch label={t('form.requiresConsent')} description={t('form.requiresConsentHint')} checked={requiresConsent} onChange={(event) => setRequiresConsent(event.currentTarget.checked)} />
        <TextInput
          type="datetime-local"
          label={t('form.effectiveAt')}
          description={t('form.effectiveAtHint')}
          value={effectiveAt}
          onChange={(event) => setEffectiveAt(event.currentTarget.value)}
          error={message(errors.effectiveAt)}
          w={{ base: '100%', sm: 280 }}
        />
        {otherError ? (
          <Alert color="red" variant="light" role="alert">
            {otherError.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={addRevision.isPending}>
            {t('revisions.add')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A term's revisions, newest first, and the form for the next one. */
export function TermRevisionsDrawer({ term, onClose }: { term: Term | null; onClose: () => void }) {
  const { t } = useTranslation('terms');
  const [page, setPage] = useState(1);
  const [shownTermId, setShownTermId] = useState(term?.id);
  if (shownTermId !== term?.id) {
    setShownTermId(term?.id);
    setPage(1);
  }
  const revisions = useTermRevisions(term?.id ?? null, page - 1);

  let list;
  if (revisions.isPending) list = <LoadingState />;
  else if (revisions.isError) list = <ErrorState error={revisions.error} onRetry={() => void revisions.refetch()} />;
  else if (revisions.data.content.length === 0) list = <Text c="dimmed">{t('revisions.empty')}</Text>;
  else {
    list = (
      <Stack gap="sm" aria-label={t('revisions.caption')}>
        {revisions.data.content.map((revision) => (
          <RevisionCard key={revision.id} revision={revision} asOf={revisions.dataUpdatedAt} />
        ))}
        {revisions.data.totalPages > 1 ? (
          <Group justify="center">
            <Pagination total={revisions.data.totalPages} value={page} onChange={setPage} aria-label={t('revisions.pagination')} />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Drawer opened={term !== null} onClose={onClose} position="right" size="xl" title={term ? t('revisions.title', { title: term.title }) : ''} closeButtonProps={{ 'aria-label': t('close') }}>
      {term ? (
        <Stack gap="md">
          <AddRevisionForm key={term.id} term={term} />
          {list}
        </Stack>
      ) : null}
    </Drawer>
  );
}
