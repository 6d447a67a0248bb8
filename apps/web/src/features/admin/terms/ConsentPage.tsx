import { type MemberTermRevision, workspaceKey } from '@legal/api';
import { Alert, Badge, Button, Card, Checkbox, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { isApiError } from '../../../lib/api';
import { useFormatDateTime } from '../../../lib/i18n';
import { type LauncherEntry, selectLauncherEntry, type SessionState, useSession } from '../../../lib/session';
import { confirmAction } from '../confirm';
import { findEntryByName, selectWorkspaceEntry } from '../../workspaces/workspace-selection';
import { safeNext, workspaceNameOf } from './consent-path';
import { PrivacyPolicyLink } from './PrivacyPolicyLink';
import { usePendingTerms, useSubmitConsents } from './term-queries';
import { TermText } from './TermText';
import './terms-i18n';

const selectLauncher = (s: SessionState) => s.launcher;
const selectKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

function TermCard({ term, isChecked, onCheck }: { term: MemberTermRevision; isChecked: boolean; onCheck: (isChecked: boolean) => void }) {
  const { t } = useTranslation('terms');
  const formatDateTime = useFormatDateTime();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={term.title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Title order={2} size="h5">
              {term.title}
            </Title>
            <Badge color="red" variant="light" size="sm">
              {t('consent.required')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('versionEffective', { version: term.version, date: formatDateTime(term.effectiveAt) })}
          </Text>
        </Group>
        <TermText body={term.body} label={t('consent.bodyLabel', { title: term.title })} />
        <Checkbox label={t('consent.agree', { title: term.title })} checked={isChecked} onChange={(event) => onCheck(event.currentTarget.checked)} />
      </Stack>
    </Card>
  );
}

/** Each pending term's text with a checkbox, "accept all", submit; or decline (recorded) and leave the workspace. */
function ConsentStep({ entry, next }: { entry: LauncherEntry; next: string }) {
  const { t } = useTranslation('terms');
  const navigate = useNavigate();
  const pending = usePendingTerms();
  const submit = useSubmitConsents();
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());

  if (pending.isPending) return <LoadingState />;
  if (pending.isError) return <ErrorState error={pending.error} onRetry={() => void pending.refetch()} />;
  if (pending.data.length === 0) return <Navigate to={next} replace />;

  const terms = pending.data;
  const isAllChecked = terms.every((term) => checked.has(term.revisionId));
  const isSomeChecked = terms.some((term) => checked.has(term.revisionId));
  const check = (revisionId: number, isChecked: boolean) =>
    setChecked((previous) => {
      const nextSet = new Set(previous);
      if (isChecked) nextSet.add(revisionId);
      else nextSet.delete(revisionId);
      return nextSet;
    });

  const answer = (isAgreed: boolean, onDone: (stillPending: MemberTermRevision[]) => void) =>
    submit.mutate(
      { consents: terms.map((term) => ({ revisionId: term.revisionId, isAgreed })) },
      {
        onSuccess: onDone,
        onError: (error) => {
          // A revision was superseded or withdrawn meanwhile: show the current terms again.
          if (isApiError(error) && error.code === 'ERROR_CONFLICT') {
            setChecked(new Set());
            void pending.refetch();
          }
        },
      },
    );

  const accept = () =>
    answer(true, (stillPending) => {
      if (stillPending.length === 0) notifications.show({ color: 'green', message: t('consent.done') });
      else {
        setChecked(new Set());
        notifications.show({ color: 'yellow', message: t('consent.changed') });
      }
    });

  const decline = () =>
    confirmAction({
      title: t('consent.declineTitle'),
      message: t('consent.declineMessage'),
      confirmLabel: t('consent.declineConfirm'),
      cancelLabel: t('consent.cancel'),
      isDestructive: true,
      onConfirm: () =>
        answer(false, () => {
          notifications.show({ message: t('consent.declined') });
          navigate('/workspaces', { replace: true });
        }),
    });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{t('consent.title')}</Title>
        <Text c="dimmed">{t('consent.description', { workspace: entry.workspaceName })}</Text>
      </Stack>
      <Checkbox
        label={t('consent.agreeAll')}
        checked={isAllChecked}
        indeterminate={isSomeChecked && !isAllChecked}
        onChange={(event) => setChecked(event.currentTarget.checked ? new Set(terms.map((term) => term.revisionId)) : new Set())}
        fw={600}
      />
      {terms.map((term) => (
        <TermCard key={term.revisionId} term={term} isChecked={checked.has(term.revisionId)} onCheck={(isChecked) => check(term.revisionId, isChecked)} />
      ))}
      {!isAllChecked ? (
        <Alert variant="light" color="gray" p="xs">
          {t('consent.submitHint')}
        </Alert>
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <PrivacyPolicyLink />
        <Group gap="sm">
          <Button variant="default" onClick={decline} disabled={submit.isPending}>
            {t('consent.decline')}
          </Button>
          <Button onClick={accept} disabled={!isAllChecked} loading={submit.isPending}>
            {t('consent.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * `/consent?next=<path>`: the terms the member must accept in a workspace before its pages
 * (WorkspaceGate sends them here, i.e. at the next sign-in after a revision that requires
 * consent takes effect). The workspace is the one `next` names, else the selected one.
 */
export function ConsentPage() {
  const { t } = useTranslation('terms');
  useDocumentTitle(t('consent.documentTitle'));
  const [searchParams] = useSearchParams();
  const requestedNext = safeNext(searchParams.get('next'));
  const entries = useSession(selectLauncher);
  const selectedEntry = useSession(selectLauncherEntry);
  const selectedKey = useSession(selectKey);
  const entry = (requestedNext ? findEntryByName(entries, workspaceNameOf(requestedNext) ?? undefined) : null) ?? selectedEntry;
  const isSelected = entry !== null && selectedKey === workspaceKey(entry.tenantId, entry.workspaceId);

  useEffect(() => {
    if (entry && !isSelected) void selectWorkspaceEntry(entry);
  }, [entry, isSelected]);

  let body;
  if (!entry) {
    body = (
      <EmptyState
        title={t('consent.noWorkspace')}
        description={t('consent.noWorkspaceDescription')}
        action={
          <Button component={Link} to="/workspaces">
            {t('consent.toWorkspaces')}
          </Button>
        }
      />
    );
  } else if (!isSelected) body = <LoadingState />;
  else body = <ConsentStep entry={entry} next={requestedNext ?? `/${encodeURIComponent(entry.workspaceName)}`} />;

  return (
    <Container size="md" py="xl">
      {body}
    </Container>
  );
}
