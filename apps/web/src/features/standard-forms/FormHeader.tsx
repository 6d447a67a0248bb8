import { type StandardFormDetail } from '@legal/api';
import { Anchor, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirmAction } from '../admin/confirm';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { EditFormModal } from './EditFormModal';
import { FormBookmarkToggle } from './FormBookmarkToggle';
import { FormStatusBadge } from './FormStatusBadge';
import { IconCopy, IconDownload, IconEraser, IconFileText, IconFileTypePdf, IconPencil, IconTrash } from './standard-form-icons';
import { useCopyForm, useDeleteForm, useSetActiveStatus } from './standard-form-queries';
import { draftFromFormPath, standardFormPath, standardFormsPath } from './standard-forms-path';
import { canDownloadPdf, useTemplateDownload } from './template-downloads';
import './standard-forms-i18n';

/** Title, status and the form's actions: draft, edit the details, activate/deactivate, copy, delete, downloads. */
export function FormHeader({ workspaceName, form }: { workspaceName: string; form: StandardFormDetail }) {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const navigate = useNavigate();
  const setStatus = useSetActiveStatus(form.standardFormId);
  const copy = useCopyForm(form.standardFormId);
  const remove = useDeleteForm(form.standardFormId);
  const format = form.latest.fileFormat;
  const download = useTemplateDownload(form.standardFormId, form.latest.fileName, format);
  const canEdit = form.abilities.edit;
  const [isEditing, setEditing] = useState(false);
  const isActive = form.activeStatus === 'ACTIVE';
  const toggleStatus = () => {
    const next = isActive ? 'INACTIVE' : 'ACTIVE';
    const run = () => setStatus.mutate({ activeStatus: next, version: form.version });
    if (!isActive) return run();
    confirmAction({ title: t('form.deactivateTitle'), message: t('form.deactivateMessage'), confirmLabel: t('form.deactivate'), cancelLabel: t('actions.cancel'), isDestructive: true, onConfirm: run });
  };
  const askDelete = () =>
    confirmAction({
      title: t('form.deleteTitle'),
      message: t('form.deleteMessage', { title: form.title }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => navigate(standardFormsPath(workspaceName), { replace: true }) }),
    });
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={standardFormsPath(workspaceName)} size="sm">{t('library.title')}</Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <Group gap="xs">
            <Title order={1}>{form.title}</Title>
            <FormBookmarkToggle standardFormId={form.standardFormId} title={form.title} isBookmarked={form.bookmarked} />
          </Group>
          <Group gap={6}>
            <FormStatusBadge status={form.activeStatus} />
            <Badge variant="light">{vocabulary.label('contractType', form.contractType)}</Badge>
            <Badge variant="outline" color="gray">{vocabulary.label('language', form.language)}</Badge>
            {form.categoryType ? <Badge variant="dot" color="gray">{form.categoryType}</Badge> : null}
            {form.scope === 'GLOBAL' ? <Badge variant="light" color="violet">{t('scope.GLOBAL')}</Badge> : null}
            <Text size="sm" c="dimmed">{t('versions.versionLabel', { version: form.latestVersion })}</Text>
          </Group>
          {form.description ? <Text c="dimmed">{form.description}</Text> : null}
          {form.source ? (
            <Text size="xs" c="dimmed">
              {t('form.source', { name: form.source.name, licence: form.source.licence })} {form.source.attribution}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {form.abilities.draft ? (
            <Button component={Link} to={draftFromFormPath(workspaceName, form.standardFormId)} leftSection={<IconFileText size={16} aria-hidden="true" />}>
              {t('form.draft')}
            </Button>
          ) : null}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={download.isPending}>{t('form.download')}</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconDownload size={14} aria-hidden="true" />} onClick={() => download.mutate('ORIGINAL')}>{t('form.downloadOriginal', { format })}</Menu.Item>
              <Menu.Item leftSection={<IconEraser size={14} aria-hidden="true" />} onClick={() => download.mutate('CLEANED')}>{t('form.downloadCleaned', { format })}</Menu.Item>
              {canDownloadPdf(format) ? (
                <Menu.Item leftSection={<IconFileTypePdf size={14} aria-hidden="true" />} onClick={() => download.mutate('PDF')}>{t('form.downloadPdf')}</Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
          {canEdit ? (
            <>
              {form.scope === 'WORKSPACE' ? (
                <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setEditing(true)}>
                  {t('form.edit')}
                </Button>
              ) : null}
              <Button variant={isActive ? 'default' : 'light'} color={isActive ? undefined : 'green'} onClick={toggleStatus} loading={setStatus.isPending}>
                {isActive ? t('form.deactivate') : t('form.activate')}
              </Button>
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} loading={copy.isPending} onClick={() => copy.mutate(undefined, { onSuccess: (created) => navigate(standardFormPath(workspaceName, created.standardFormId)) })}>
                {t('form.copy')}
              </Button>
              {form.scope === 'WORKSPACE' ? (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={askDelete} loading={remove.isPending}>
                  {t('actions.delete')}
                </Button>
              ) : null}
            </>
          ) : null}
        </Group>
      </Group>
      {isEditing ? <EditFormModal form={form} isOpen onClose={() => setEditing(false)} /> : null}
    </Stack>
  );
}
