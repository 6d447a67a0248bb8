import {
  CONTRACT_LIMITS, type ContractDetail, HashtagsBodySchema, type ReferenceInput, RelatedReferencesBodySchema, REFERENCE_TYPES, type ReferenceType, updateContractHashtags, updateContractRelatedReferences,
} from '@legal/api';
import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type FieldAccessOf } from './contract-field-access';
import { errorAt, type FormErrors, useErrorText } from './contract-form-errors';
import { IconPlus, IconX } from './contract-icons';
import { useVocabulary } from './contract-vocabulary';
import { contractPath } from './contracts-path';
import { EditableField } from './EditableField';
import { HashtagInput } from './HashtagInput';
import { useFieldSave } from './use-field-save';
import './contracts-i18n';

interface FieldProps {
  contract: ContractDetail;
  access: FieldAccessOf;
}

/** Hashtags by name; new names join the workspace list when saved. */
export function HashtagsField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractHashtags, HashtagsBodySchema);
  const { canEdit } = access('hashtags');
  return (
    <EditableField<string[]>
      label={t('fields.hashtags')}
      display={
        contract.hashtags.length > 0 ? (
          <Group gap={4}>
            {contract.hashtags.map((tag) => (
              <Badge key={tag.id} variant="light" tt="none">
                #{tag.name}
              </Badge>
            ))}
          </Group>
        ) : null
      }
      canEdit={canEdit}
      initialDraft={() => contract.hashtags.map((tag) => tag.name)}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => save({ hashtags: draft }, done)}
      renderEditor={(draft, setDraft) => (
        <HashtagInput label={t('fields.hashtags')} value={draft} onChange={setDraft} error={errorText(errorAt(errors, 'hashtags'))} />
      )}
    />
  );
}

type Reference = { referenceType: ReferenceType; referenceId: string | null; label: string };

/** One reference as shown: a contract of this workspace opens, a link opens in a new tab. */
function ReferenceView({ reference }: { reference: Reference }) {
  const { workspaceName = '' } = useParams();
  const vocabulary = useVocabulary();
  const type = vocabulary.label('referenceType', reference.referenceType);
  let target = <Text size="sm" span>{reference.label}</Text>;
  if (reference.referenceType === 'CONTRACT' && reference.referenceId) {
    target = <Anchor component={Link} to={contractPath(workspaceName, Number(reference.referenceId))} size="sm">{reference.label}</Anchor>;
  } else if (reference.referenceType === 'URL' && reference.referenceId) {
    target = <Anchor href={reference.referenceId} target="_blank" rel="noopener noreferrer" size="sm">{reference.label}</Anchor>;
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Badge size="xs" variant="outline" color="gray">{type}</Badge>
      {target}
    </Group>
  );
}

/** Related references (other contracts, consultations, cases, links): the whole list is saved at once. */
export function RelatedReferencesField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractRelatedReferences, RelatedReferencesBodySchema);
  const { canEdit } = access('relatedReferences');
  return (
    <EditableField<Reference[]>
      label={t('fields.relatedReferences')}
      display={
        contract.relatedReferences.length > 0 ? (
          <Stack gap={4}>
            {contract.relatedReferences.map((reference, index) => (
              <ReferenceView key={index} reference={reference} />
            ))}
          </Stack>
        ) : null
      }
      canEdit={canEdit}
      initialDraft={() => contract.relatedReferences.map((r) => ({ ...r }))}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) =>
        save({ relatedReferences: draft.map((r): ReferenceInput => ({ ...r, referenceId: r.referenceId?.trim() || null, label: r.label.trim() })) }, done)
      }
      renderEditor={(draft, setDraft) => <ReferencesEditor value={draft} onChange={setDraft} errors={errors} />}
    />
  );
}

function ReferencesEditor({ value, onChange, errors }: { value: Reference[]; onChange: (next: Reference[]) => void; errors: FormErrors }) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const errorText = useErrorText();
  const change = (index: number, patch: Partial<Reference>) => onChange(value.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {value.map((reference, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <Select
            aria-label={t('references.type')}
            data={vocabulary.options('referenceType')}
            value={reference.referenceType}
            onChange={(type) => type && change(index, { referenceType: type as ReferenceType })}
            allowDeselect={false}
            w={120}
          />
          <TextInput
            aria-label={t('references.target')}
            placeholder={t(reference.referenceType === 'URL' ? 'references.urlPlaceholder' : 'references.idPlaceholder')}
            value={reference.referenceId ?? ''}
            onChange={(e) => change(index, { referenceId: e.currentTarget.value })}
            error={errorText(errors[`relatedReferences.${index}.referenceId`])}
            style={{ flex: 1 }}
          />
          <TextInput
            aria-label={t('references.label')}
            placeholder={t('references.label')}
            value={reference.label}
            onChange={(e) => change(index, { label: e.currentTarget.value })}
            error={errorText(errors[`relatedReferences.${index}.label`], CONTRACT_LIMITS.shortTextMaxLength)}
            style={{ flex: 1 }}
          />
          <ActionIcon variant="subtle" color="gray" mt={6} aria-label={t('references.remove', { index: index + 1 })} onClick={() => onChange(value.filter((_, i) => i !== index))}>
            <IconX size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      {value.length < CONTRACT_LIMITS.referencesMax ? (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => onChange([...value, { referenceType: REFERENCE_TYPES[0], referenceId: '', label: '' }])}
          >
            {t('references.add')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
