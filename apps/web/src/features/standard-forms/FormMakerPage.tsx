import { type ContractLanguage, type ContractType, type MakerBlock, type VariableConfig } from '@legal/api';
import { ActionIcon, Alert, Anchor, Button, Card, Container, Grid, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ForbiddenState } from '../../components/ForbiddenState';
import { bodyFieldErrors } from '../../lib/forms/form-errors';
import { useHasAnyPermission } from '../../lib/session';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { declareMissing, insertMarker, type MakerBlockType, makerProblems, makerText } from './maker-document';
import { configOfKey } from './maker-variables';
import { IconChevronDown, IconChevronUp, IconPlus, IconTrash } from './standard-form-icons';
import { useCreateByMaker, useFormMeta } from './standard-form-queries';
import { standardFormPath, standardFormsPath } from './standard-forms-path';
import { FORM_WRITE_PERMISSIONS } from './standard-forms-permissions';
import { MarkedTemplate } from './TemplateText';
import { ConfigEditorCard } from './VariablesPanel';
import './standard-forms-i18n';

const BLOCK_TYPES: MakerBlockType[] = ['HEADING', 'ARTICLE', 'PARAGRAPH', 'OPTIONAL_CLAUSE'];
const KEY_PATTERN = /^[A-Za-z가-힣_][A-Za-z0-9가-힣_]{0,63}$/;

function BlockEditor({ block, index, count, variables, onChange, onMove, onRemove }: {
  block: MakerBlock;
  index: number;
  count: number;
  variables: readonly VariableConfig[];
  onChange: (next: MakerBlock) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('standardForms');
  const cursor = useRef<number | undefined>(undefined);
  const [toInsert, setToInsert] = useState<string | null>(null);
  const clauseKeys = variables.filter((v) => v.type === 'OPTIONAL_CLAUSE').map((v) => v.key);
  return (
    <Card withBorder radius="md" padding="sm" component="fieldset" aria-label={t('maker.blockLabel', { index: index + 1, type: t(`maker.blockTypes.${block.type}`) })}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600}>{t(`maker.blockTypes.${block.type}`)}</Text>
          <Group gap={4}>
            <ActionIcon variant="subtle" aria-label={t('maker.moveUp')} disabled={index === 0} onClick={() => onMove(-1)}><IconChevronUp size={16} aria-hidden="true" /></ActionIcon>
            <ActionIcon variant="subtle" aria-label={t('maker.moveDown')} disabled={index === count - 1} onClick={() => onMove(1)}><IconChevronDown size={16} aria-hidden="true" /></ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={t('maker.removeBlock')} onClick={onRemove}><IconTrash size={16} aria-hidden="true" /></ActionIcon>
          </Group>
        </Group>
        {block.type === 'HEADING' || block.type === 'ARTICLE' ? (
          <TextInput label={t(block.type === 'HEADING' ? 'maker.headingText' : 'maker.articleTitle')} value={block.title ?? ''} onChange={(e) => onChange({ ...block, title: e.currentTarget.value })} />
        ) : null}
        {block.type === 'OPTIONAL_CLAUSE' ? (
          <TextInput
            label={t('maker.clauseKey')}
            description={t('maker.clauseKeyHint')}
            value={block.variableKey ?? ''}
            list={`clause-keys-${index}`}
            onChange={(e) => onChange({ ...block, variableKey: e.currentTarget.value.trim() || undefined })}
            error={block.variableKey && !KEY_PATTERN.test(block.variableKey) ? t('maker.badKey') : undefined}
          />
        ) : null}
        {block.type === 'OPTIONAL_CLAUSE' ? <datalist id={`clause-keys-${index}`}>{clauseKeys.map((k) => <option key={k} value={k} />)}</datalist> : null}
        {block.type !== 'HEADING' ? (
          <>
            <Textarea
              label={t('maker.text')}
              autosize
              minRows={2}
              value={block.text}
              onChange={(e) => onChange({ ...block, text: e.currentTarget.value })}
              onSelect={(e) => { cursor.current = e.currentTarget.selectionStart; }}
            />
            <Group gap="xs" align="flex-end">
              <Select size="xs" label={t('maker.insertVariable')} data={variables.map((v) => v.key)} value={toInsert} onChange={setToInsert} w={200} />
              <Button size="xs" variant="light" disabled={!toInsert} onClick={() => {
                if (!toInsert) return;
                const next = insertMarker(block.text, toInsert, cursor.current);
                cursor.current = next.cursor;
                onChange({ ...block, text: next.text });
              }}>
                {t('maker.insert')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function Maker({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const meta = useFormMeta();
  const create = useCreateByMaker();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [contractType, setContractType] = useState<ContractType | null>(null);
  const [language, setLanguage] = useState<ContractLanguage>('ko');
  const [categoryType, setCategoryType] = useState<string | null>(null);
  const [blocks, setBlocks] = useState<MakerBlock[]>([{ type: 'HEADING', title: '', text: '' }]);
  const [variables, setVariables] = useState<VariableConfig[]>([]);
  const [newKey, setNewKey] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const problems = makerProblems(blocks, variables);
  const text = makerText(blocks, language);
  const missing = { title: !title.trim(), contractType: contractType === null };
  const addBlock = (type: MakerBlockType) => setBlocks([...blocks, { type, text: '', ...(type === 'HEADING' || type === 'ARTICLE' ? { title: '' } : {}) }]);
  const move = (index: number, delta: -1 | 1) => {
    const next = [...blocks];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + delta, 0, moved);
    setBlocks(next);
  };
  const addVariable = () => {
    const key = newKey.trim();
    if (!KEY_PATTERN.test(key) || variables.some((v) => v.key === key)) return;
    setVariables([...variables, configOfKey(key, 'TEXT', variables.length)]);
    setNewKey('');
  };
  const submit = () => {
    setIsChecked(true);
    if (missing.title || !contractType || problems.undeclared.length > 0 || problems.unused.length > 0) return;
    create.mutate(
      {
        title: title.trim(), contractType, language, categoryType,
        document: { title: title.trim(), language, blocks: blocks.map((b) => ({ ...b, title: b.title?.trim() || undefined })), variables },
      },
      { onSuccess: (form) => navigate(standardFormPath(workspaceName, form.standardFormId)) },
    );
  };
  const serverIssues = bodyFieldErrors(create.error) ?? [];
  const typeOptions = meta.data ? meta.data.contractTypes.map((type) => ({ value: type.code, label: type.name[vocabulary.locale] })) : vocabulary.options('contractType');
  const keyError = newKey && !KEY_PATTERN.test(newKey.trim()) ? t('maker.badKey') : variables.some((v) => v.key === newKey.trim()) ? t('maker.keyTaken') : undefined;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <Stack gap="xs">
              <TextInput label={t('create.formTitle')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={isChecked && missing.title ? t('errors.required') : undefined} />
              <Group grow>
                <Select label={t('create.contractType')} required data={typeOptions} value={contractType} onChange={(v) => setContractType(v as ContractType | null)} error={isChecked && missing.contractType ? t('errors.required') : undefined} />
                <Select label={t('create.language')} data={vocabulary.options('language')} value={language} allowDeselect={false} onChange={(v) => setLanguage((v ?? 'ko') as ContractLanguage)} />
              </Group>
              <Select label={t('create.category')} data={meta.data?.categoryTypes ?? []} value={categoryType} clearable onChange={setCategoryType} />
            </Stack>
          </Card>
          <Title order={2} size="h4">{t('maker.blocks')}</Title>
          {blocks.map((block, i) => (
            <BlockEditor key={i} block={block} index={i} count={blocks.length} variables={variables} onChange={(next) => setBlocks(blocks.map((b, j) => (j === i ? next : b)))} onMove={(d) => move(i, d)} onRemove={() => setBlocks(blocks.filter((_, j) => j !== i))} />
          ))}
          <Group gap="xs">
            {BLOCK_TYPES.map((type) => (
              <Button key={type} size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => addBlock(type)}>
                {t(`maker.add.${type}`)}
              </Button>
            ))}
          </Group>
          <Title order={2} size="h4">{t('maker.variables')}</Title>
          <Group align="flex-end" gap="xs">
            <TextInput label={t('maker.newVariable')} value={newKey} onChange={(e) => setNewKey(e.currentTarget.value)} error={keyError} />
            <Button variant="light" onClick={addVariable} disabled={!newKey.trim() || Boolean(keyError)}>{t('maker.addVariable')}</Button>
          </Group>
          {problems.undeclared.length > 0 ? (
            <Alert color="orange" role={isChecked ? 'alert' : undefined}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('maker.undeclared', { keys: problems.undeclared.join(', ') })}</Text>
                <Button size="xs" variant="light" onClick={() => setVariables(declareMissing(blocks, variables))}>{t('maker.declareMissing')}</Button>
              </Stack>
            </Alert>
          ) : null}
          {problems.unused.length > 0 ? (
            <Alert color="orange" role={isChecked ? 'alert' : undefined}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('maker.unused', { keys: problems.unused.join(', ') })}</Text>
                <Button size="xs" variant="light" onClick={() => setVariables(variables.filter((v) => !problems.unused.includes(v.key)))}>{t('maker.removeUnused')}</Button>
              </Stack>
            </Alert>
          ) : null}
          {variables.map((config, i) => (
            <ConfigEditorCard key={config.key} config={config} issues={{}} onChange={(next) => setVariables(variables.map((v, j) => (j === i ? next : v)))} />
          ))}
          {serverIssues.length > 0 ? (
            <Alert color="red" role="alert">{serverIssues.map((issue) => `${issue.path}: ${issue.reason}`).join(' · ')}</Alert>
          ) : create.error ? <Alert color="red" role="alert">{create.error.message}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={standardFormsPath(workspaceName)}>{t('actions.cancel')}</Button>
            <Button onClick={submit} loading={create.isPending}>{t('maker.submit')}</Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="xs" pos="sticky" top={16}>
          <Title order={2} size="h4">{t('maker.preview')}</Title>
          <MarkedTemplate text={text || ' '} label={t('maker.preview')} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** `/:workspaceName/standard-forms/new/maker`: build a simple form in the browser; the server makes its DOCX. */
export function FormMakerPage() {
  const { t } = useTranslation('standardForms');
  useDocumentTitle(t('maker.title'));
  const canWrite = useHasAnyPermission(FORM_WRITE_PERMISSIONS);
  return (
    <WorkspaceGate product="CLM">
      {(entry) =>
        !canWrite ? <ForbiddenState /> : (
          <Container size="xl" py="xl">
            <Stack gap="lg">
              <Stack gap={4}>
                <Anchor component={Link} to={standardFormsPath(entry.workspaceName)} size="sm">{t('library.title')}</Anchor>
                <Title order={1}>{t('maker.title')}</Title>
                <Text c="dimmed">{t('maker.description')}</Text>
              </Stack>
              <Maker workspaceName={entry.workspaceName} />
            </Stack>
          </Container>
        )
      }
    </WorkspaceGate>
  );
}
