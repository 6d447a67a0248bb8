import { type ContractDetail, type Workflow } from '@legal/api';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasAnyPermission, useHasProduct } from '../../lib/session';
import { IconWritingSign } from './esign-icons';
import { ESIGN_PRODUCT, SEND_PERMISSIONS } from './esign-permissions';
import './esign-i18n';

const SendEnvelopeWizard = lazy(async () => ({ default: (await import('./SendEnvelopeWizard')).SendEnvelopeWizard }));

/** Whether the workflow is at its signing step with the caller among those who may finish it (complete or skip signing). */
export function isAtSigningStep(workflow: Workflow | null): boolean {
  return (
    workflow !== null &&
    workflow.currentStepCode === 'SIGNING' &&
    workflow.allowedActions.some((a) => a.stepCode === 'SIGNING' && (a.actionId === 'COMPLETE_SIGNING' || a.actionId === 'SKIP_SIGNING'))
  );
}

/**
 * "Send for e-signature" beside the signing step's actions, for a workspace with E_CONTRACT and
 * a caller who may send (esign.document.send); it opens the send wizard.
 */
export function SendForSignatureButton({ contract, workflow }: { contract: ContractDetail; workflow: Workflow | null }) {
  const { t } = useTranslation('esign');
  const hasProduct = useHasProduct(ESIGN_PRODUCT);
  const maySend = useHasAnyPermission(SEND_PERMISSIONS);
  const [isOpen, setIsOpen] = useState(false);
  if (!hasProduct || !maySend || !isAtSigningStep(workflow)) return null;
  return (
    <>
      <Button size="xs" variant="filled" color="teal" leftSection={<IconWritingSign size={16} />} onClick={() => setIsOpen(true)}>
        {t('send.open')}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <SendEnvelopeWizard contract={contract} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
