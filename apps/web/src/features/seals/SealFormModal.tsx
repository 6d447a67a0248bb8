import { type Seal, SealBodySchema, SEAL_TYPES, type SealType } from '@legal/api';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { formErrorText, schemaErrors, serverErrors } from '../../lib/forms/form-errors';
import { type Person, PersonPicker } from '../contracts/PeoplePicker';
import { type Attached, WorkflowAttachments } from '../workflows/WorkflowAttachments';
import { GroupsPicker, type PickedGroup } from './GroupsPicker';
import { SealImage } from './SealImage';
import { useSealLabels } from './seal-labels';
import { useSaveSeal } from './seal-queries';
import './seals-i18n';

interface Draft {
  name: string;
  type: SealType;
  description: string;
  custodian: Person | null;
  groups: PickedGroup[];
}

const draftOf = (seal: Seal | null): Draft => ({
  name: seal?.name ?? '',
  type: seal?.type ?? 'CORPORATE',
  description: seal?.description ?? '',
  custodian: seal ? seal.custodian : null,
  groups: seal?.allowedGroups ?? [],
});

/**
 * Registers a seal or edits one at the version the registry read (a change in between answers
 * 409, shown with a reload). The impression is a PNG uploaded through files; editing keeps the
 * current image unless a new one is uploaded.
 */
export function SealFormModal({ seal, onClose }: { seal: Seal | null; onClose: () => void }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const save = useSaveSeal(seal?.sealId ?? null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(seal));
  const [image, setImage] = useState<Attached | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const onFiles = useCallback((files: Attached[]) => setImage(files[0] ?? null), []);
  const isStale = isApiError(save.error) && save.error.code === 'ERROR_CONFLICT';
  const fieldErrors = save.error && !isStale ? serverErrors(save.error) : null;
  const words = (key: 'required' | 'tooLong' | 'invalid') => t(`form.${key}`);
  const error = (field: string) => localErrors[field] ?? formErrorText(fieldErrors?.[field], words);

  const submit = () => {
    const imageFileKey = image?.fileKey ?? seal?.imageFileKey ?? '';
    const body = {
      name: draft.name,
      type: draft.type,
      ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
      imageFileKey,
      custodianUserId: draft.custodian?.userId ?? 0,
      allowedGroupIds: draft.groups.map((g) => g.groupId),
    };
    const parsed = SealBodySchema.safeParse(body);
    const errors: Record<string, string> = {};
    if (!parsed.success) for (const [field, e] of Object.entries(schemaErrors(parsed))) errors[field] = formErrorText(e, words) ?? '';
    if (!imageFileKey) errors.imageFileKey = t('sealForm.imageRequired');
    else if (image && !/\.png$/i.test(image.displayName)) errors.imageFileKey = t('sealForm.imageNotPng');
    if (!draft.custodian) errors.custodianUserId = t('sealForm.custodianRequired');
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0 || !parsed.success) return;
    save.mutate({ ...parsed.data, ...(seal ? { version: seal.version } : {}) }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={() => !save.isPending && onClose()} title={seal ? t('sealForm.editTitle') : t('sealForm.createTitle')} size="lg">
      <Stack gap="sm">
        <TextInput label={t('sealForm.name')} required value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} error={error('name')} />
        <Select
          label={t('sealForm.type')}
          required
          allowDeselect={false}
          data={SEAL_TYPES.map((code) => ({ value: code, label: labels.type(code) }))}
          value={draft.type}
          onChange={(v) => v && setDraft({ ...draft, type: v as SealType })}
          error={error('type')}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea label={t('sealForm.description')} autosize minRows={2} maxLength={1000} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })} error={error('description')} />
        <Stack gap={6}>
          {seal && !image ? (
            <Group gap="sm">
              <SealImage seal={seal} size={64} />
              <Text size="sm" c="dimmed">
                {t('sealForm.currentImage')}
              </Text>
            </Group>
          ) : null}
          <WorkflowAttachments label={t('sealForm.image')} isSingle onChange={onFiles} onUploadingChange={setIsUploading} />
          <Text size="xs" c={error('imageFileKey') ? 'red' : 'dimmed'} role={error('imageFileKey') ? 'alert' : undefined}>
            {error('imageFileKey') ?? t('sealForm.imageHint')}
          </Text>
        </Stack>
        <PersonPicker label={t('sealForm.custodian')} kind="sealReaders" value={draft.custodian} onChange={(custodian) => setDraft({ ...draft, custodian })} error={error('custodianUserId')} />
        <GroupsPicker label={t('sealForm.groups')} description={t('sealForm.groupsHint')} value={draft.groups} onChange={(groups) => setDraft({ ...draft, groups })} error={error('allowedGroupIds')} />
        {isStale ? (
          <Alert color="orange" role="alert" title={t('sealForm.staleTitle')}>
            {t('sealForm.stale')}
          </Alert>
        ) : save.error && !fieldErrors ? (
          <Alert color="red" role="alert">
            {isApiError(save.error) ? save.error.message : t('sealForm.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={isUploading}>
            {seal ? t('sealForm.submitEdit') : t('sealForm.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
