import { Button, Group, NumberInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import './ai-platform-i18n';

export interface WorkspaceTarget {
  tenantId: number;
  workspaceId: number;
}

/** The workspace a super-admin page acts on, kept in the address (`?tenantId=1&workspaceId=10`). */
export function useWorkspaceTarget(): WorkspaceTarget | null {
  const [params] = useSearchParams();
  const tenantId = Number(params.get('tenantId'));
  const workspaceId = Number(params.get('workspaceId'));
  return tenantId > 0 && workspaceId > 0 ? { tenantId, workspaceId } : null;
}

export function WorkspaceTargetPicker() {
  const { t } = useTranslation('aiPlatform');
  const [params, setParams] = useSearchParams();
  const [tenantId, setTenantId] = useState<string | number>(params.get('tenantId') ?? '');
  const [workspaceId, setWorkspaceId] = useState<string | number>(params.get('workspaceId') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!(Number(tenantId) > 0 && Number(workspaceId) > 0)) return;
    setParams(() => new URLSearchParams({ tenantId: String(tenantId), workspaceId: String(workspaceId) }));
  };
  return (
    <form onSubmit={submit} role="search" aria-label={t('target.label')}>
      <Group align="end">
        <NumberInput label={t('target.tenantId')} value={tenantId} onChange={setTenantId} min={1} allowDecimal={false} w={140} />
        <NumberInput label={t('target.workspaceId')} value={workspaceId} onChange={setWorkspaceId} min={1} allowDecimal={false} w={140} />
        <Button type="submit" variant="light">
          {t('target.open')}
        </Button>
      </Group>
    </form>
  );
}
