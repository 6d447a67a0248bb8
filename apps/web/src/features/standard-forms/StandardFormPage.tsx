import { type StandardFormDetail } from '@legal/api';
import { Container, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { isApiError } from '../../lib/api';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { AttachmentsPanel } from './AttachmentsPanel';
import { FormHeader } from './FormHeader';
import { useStandardForm, useTemplate } from './standard-form-queries';
import { FORM_READ_PERMISSIONS } from './standard-forms-permissions';
import { MarkedTemplate } from './TemplateText';
import { VariablesPanel } from './VariablesPanel';
import { VersionsPanel } from './VersionsPanel';
import './standard-forms-i18n';

const TABS = ['preview', 'versions', 'variables', 'attachments'] as const;
type Tab = (typeof TABS)[number];

function Preview({ form }: { form: StandardFormDetail }) {
  const { t } = useTranslation('standardForms');
  const template = useTemplate(form.standardFormId);
  if (template.error) return <ErrorState error={template.error} onRetry={() => void template.refetch()} />;
  if (!template.data) return <LoadingState />;
  return <MarkedTemplate text={template.data.text} label={t('preview.label', { version: template.data.version })} />;
}

/** `standardFormId` is a positive integer or the address is no form. */
export function parseFormId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function FormScreen({ workspaceName, standardFormId }: { workspaceName: string; standardFormId: number }) {
  const { t } = useTranslation('standardForms');
  const form = useStandardForm(standardFormId);
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'preview';
  useDocumentTitle(form.data ? `${form.data.title} · ${t('library.title')}` : t('library.title'));
  if (isApiError(form.error) && form.error.status === 404) return <NotFoundPage />;
  if (form.error) return <ErrorState error={form.error} onRetry={() => void form.refetch()} />;
  if (!form.data) return <LoadingState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <FormHeader workspaceName={workspaceName} form={form.data} />
        <Tabs value={tab} onChange={(next) => setSearchParams(next && next !== 'preview' ? { tab: next } : {}, { replace: true })} keepMounted={false}>
          <Tabs.List>
            {TABS.map((id) => (
              <Tabs.Tab key={id} value={id}>
                {t(`tabs.${id}`, { count: id === 'attachments' ? form.data.attachments.length : form.data.variables.length })}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="preview" pt="md"><Preview form={form.data} /></Tabs.Panel>
          <Tabs.Panel value="versions" pt="md"><VersionsPanel form={form.data} /></Tabs.Panel>
          <Tabs.Panel value="variables" pt="md"><VariablesPanel form={form.data} /></Tabs.Panel>
          <Tabs.Panel value="attachments" pt="md"><AttachmentsPanel form={form.data} /></Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/standard-forms/:standardFormId`: one form with its versions, variables, attachments and preview. */
export function StandardFormPage() {
  const { standardFormId } = useParams();
  const id = parseFormId(standardFormId);
  const canRead = useHasAnyPermission(FORM_READ_PERMISSIONS);
  return (
    <WorkspaceGate product="CLM">
      {(entry) => (!canRead ? <ForbiddenState /> : id === null ? <NotFoundPage /> : <FormScreen workspaceName={entry.workspaceName} standardFormId={id} />)}
    </WorkspaceGate>
  );
}
