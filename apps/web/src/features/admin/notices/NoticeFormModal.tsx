import {
  CreateNoticeBodySchema, type Notice, type NoticeAttachment, NOTICE_LIMITS, NOTICE_TYPES, type NoticeType, UpdateNoticeBodySchema,
} from '@legal/api';
import { ActionIcon, Alert, Button, Group, List, Modal, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormError, type FormErrors, formErrorText, schemaErrors, serverErrors } from '../../../lib/forms/form-errors';
import { UploadRow } from '../../files/FileUploadPanel';
import { FileSize } from '../../files/FileSize';
import { useFileUploads } from '../../files/use-file-uploads';
import { IconPaperclip, IconX } from './notice-icons';
import { useNoticeMutations } from './notice-queries';
import '../admin-i18n';
import './notices-i18n';

interface Values {
  noticeType: NoticeType;
  title: string;
  body: string;
  isPinned: boolean;
}

const EMPTY: Values = { noticeType: 'GENERAL', title: '', body: '', isPinned: false };

export interface NoticeFormModalProps {
  /** The notice being edited; null to write a new one. */
  notice: Notice | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Writes or edits a notice. Attachments are uploaded first (as on the files screen) and their
 * keys sent with the notice; the server checks that each is a free file of this workspace.
 */
export function NoticeFormModal({ notice, opened, onClose }: NoticeFormModalProps) {
  const { t } = useTranslation('notices');
  const { t: ta } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={notice ? t('admin.edit') : t('admin.create')} closeButtonProps={{ 'aria-label': ta('actions.close') }}>
      {opened ? <NoticeForm key={notice?.id ?? 'new'} notice={notice} onDone={onClose} /> : null}
    </Modal>
  );
}

function NoticeForm({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  const { t } = useTranslation('notices');
  const { t: ta } = useTranslation('admin');
  const { create, update } = useNoticeMutations();
  const uploads = useFileUploads();
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [values, setValues] = useState<Values>(notice ? { noticeType: notice.noticeType, title: notice.title, body: notice.body, isPinned: notice.isPinned } : EMPTY);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<FormErrors>({});

  const uploaded: NoticeAttachment[] = uploads.items.flatMap((item) =>
    item.status === 'done' ? [{ fileKey: item.file.fileKey, displayName: item.file.displayName, size: item.file.size, contentType: item.file.contentType }] : [],
  );
  const attachments = [...(notice?.attachments ?? []), ...uploaded].filter((file) => !removed.has(file.fileKey));
  const pendingUploads = uploads.items.filter((item) => item.status !== 'done');
  const isUploading = uploads.items.some((item) => item.status === 'uploading');
  const mutation = notice ? update : create;

  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const message = (error: FormError | undefined, max?: number) => formErrorText(error, (key) => t(`form.errors.${key}`, { max }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, fileKeys: attachments.map((file) => file.fileKey) };
    const checked = (notice ? UpdateNoticeBodySchema : CreateNoticeBodySchema).safeParse(body);
    const found = schemaErrors(checked);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const onError = (error: unknown) => setErrors(serverErrors(error) ?? {});
    const onSuccess = () => {
      notifications.show({ color: 'green', message: notice ? t('admin.updated') : t('admin.created') });
      onDone();
    };
    if (notice) update.mutate({ noticeId: notice.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  const otherError = mutation.isError && !serverErrors(mutation.error) ? mutation.error : null;
  const isFull = attachments.length + pendingUploads.length >= NOTICE_LIMITS.attachmentsMax;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('form.type')}
          data={NOTICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={values.noticeType}
          onChange={(value) => value && change('noticeType', value as NoticeType)}
          allowDeselect={false}
          error={message(errors.noticeType)}
          withAsterisk
        />
        <TextInput
          label={t('form.title')}
          value={values.title}
          onChange={(event) => change('title', event.currentTarget.value)}
          maxLength={NOTICE_LIMITS.titleMaxLength}
          error={message(errors.title, NOTICE_LIMITS.titleMaxLength)}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label={t('form.body')}
          description={t('form.bodyHint')}
          value={values.body}
          onChange={(event) => change('body', event.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={16}
          maxLength={NOTICE_LIMITS.bodyMaxLength}
          error={message(errors.body, NOTICE_LIMITS.bodyMaxLength)}
          withAsterisk
        />
        <Switch label={t('form.isPinned')} checked={values.isPinned} onChange={(event) => change('isPinned', event.currentTarget.checked)} />

        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {t('form.attachments')}
            </Text>
            <Button size="xs" variant="light" leftSection={<IconPaperclip size={14} aria-hidden="true" />} onClick={() => fileInput.current?.click()} disabled={isFull}>
              {t('form.attach')}
            </Button>
          </Group>
          <label htmlFor={inputId} style={{ display: 'none' }}>
            {t('form.attachInput')}
          </label>
          <input
            id={inputId}
            ref={fileInput}
            type="file"
            multiple
            hidden
            onChange={(event) => {
              const room = NOTICE_LIMITS.attachmentsMax - attachments.length - pendingUploads.length;
              const chosen = [...(event.currentTarget.files ?? [])].slice(0, Math.max(room, 0));
              event.currentTarget.value = '';
              void uploads.upload(chosen);
            }}
          />
          {attachments.length > 0 ? (
            <List listStyleType="none" spacing={4} aria-label={t('form.attachments')}>
              {attachments.map((file) => (
                <List.Item key={file.fileKey}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" truncate>
                      {file.displayName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <FileSize bytes={file.size} />
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('form.remove', { name: file.displayName })}
                      onClick={() => {
                        setRemoved((previous) => new Set(previous).add(file.fileKey));
                        setErrors((previous) => ({ ...previous, fileKeys: undefined }));
                      }}
                    >
                      <IconX size={14} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </List.Item>
              ))}
            </List>
          ) : null}
          {pendingUploads.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
          {isFull ? (
            <Text size="xs" c="dimmed">
              {t('form.attachLimit', { max: NOTICE_LIMITS.attachmentsMax })}
            </Text>
          ) : null}
          {errors.fileKeys ? (
            <Text size="sm" c="red" role="alert">
              {t('form.errors.fileUnavailable')}
            </Text>
          ) : null}
        </Stack>

        {otherError ? (
          <Alert color="red" variant="light" role="alert">
            {otherError.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {ta('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={isUploading}>
            {ta('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
