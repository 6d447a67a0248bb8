import { type ContractDetail, downloadContractFile, ESIGN_LIMITS, type Envelope, SIGNING_ORDERS, VERIFICATION_METHODS } from '@legal/api';
import {
  ActionIcon, Alert, Button, Card, Checkbox, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Stepper, Text, TextInput, Textarea, Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { ProgressBar } from '../../components/ProgressBar';
import { api, isApiError } from '../../lib/api';
import { serverErrors } from '../../lib/forms/form-errors';
import { IconArrowDown, IconArrowUp, IconTrash } from './esign-icons';
import { postCreateEnvelope, useEsignRefresh } from './esign-queries';
import { FieldPlacer, type PdfSource } from './FieldPlacer';
import {
  addDays, buildBody, errorsOfStep, kstToday, moveItem, newParty, type PartyDraft, stepOfPath, validateBody, type WizardError, type WizardErrors,
  type WizardState,
} from './wizard-model';
import './esign-i18n';

const STEPS = ['parties', 'fields', 'message'] as const;

/** The main document as PDF pages when it is a PDF (a DOCX is converted only when sent: blank outlines then). */
function useMainPdf(contract: ContractDetail, isEnabled: boolean): PdfSource {
  const main = contract.files.find((f) => f.role === 'MAIN');
  const isPdf = main?.fileType === 'pdf';
  const [source, setSource] = useState<PdfSource>({ state: isPdf ? 'loading' : 'none', doc: null });
  useEffect(() => {
    if (!isEnabled || !main || !isPdf) return;
    let isCurrent = true;
    let loaded: { destroy: () => Promise<void> } | null = null;
    void (async () => {
      try {
        const blob = (await api.call(downloadContractFile, { params: { contractId: contract.id }, query: { fileKey: main.fileKey }, suppressErrorToast: true })) as Blob;
        const { openPdfDocument } = await import('../../lib/pdf-document');
        const doc = await openPdfDocument(blob);
        loaded = doc;
        if (isCurrent) setSource({ state: 'ready', doc });
        else void doc.destroy();
      } catch {
        if (isCurrent) setSource({ state: 'failed', doc: null });
      }
    })();
    return () => {
      isCurrent = false;
      void loaded?.destroy();
    };
  }, [contract.id, main?.fileKey, isPdf, isEnabled]); // eslint-disable-line react-hooks/exhaustive-deps -- main is read by its key
  return source;
}

function PartyCard({ party, index, count, errors, onChange, onMove, onRemove }: {
  party: PartyDraft;
  index: number;
  count: number;
  errors: WizardErrors;
  onChange: (party: PartyDraft) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('esign');
  const order = index + 1;
  const errorText = (field: string) => {
    const error: WizardError | undefined = errors[`parties.${index}.${field}`];
    return error ? ('key' in error ? t(`form.${error.key}`) : error.text) : undefined;
  };
  const set = (change: Partial<PartyDraft>) => onChange({ ...party, ...change });
  const isExternal = party.kind === 'EXTERNAL';
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('parties.party', { order })} data-testid="party-card">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={4} size="h6">{t('parties.party', { order })}</Title>
          <SegmentedControl
            size="xs"
            value={party.kind}
            onChange={(kind) => set({ kind: kind as PartyDraft['kind'] })}
            data={(['EXTERNAL', 'COMPANY'] as const).map((value) => ({ value, label: t(`vocab.kind.${value}`) }))}
            aria-label={t('parties.kind')}
          />
        </Group>
        <Group gap={4}>
          <ActionIcon variant="subtle" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('parties.moveUp', { order })}><IconArrowUp size={16} /></ActionIcon>
          <ActionIcon variant="subtle" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('parties.moveDown', { order })}><IconArrowDown size={16} /></ActionIcon>
          <ActionIcon variant="subtle" color="red" disabled={count === 1} onClick={onRemove} aria-label={t('parties.remove', { order })}><IconTrash size={16} /></ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput label={t('parties.name')} required value={party.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errorText('name')} maxLength={100} />
        {isExternal ? (
          <TextInput label={t('parties.email')} required type="email" value={party.email} onChange={(e) => set({ email: e.currentTarget.value })} error={errorText('email')} maxLength={254} />
        ) : null}
        <TextInput label={t('parties.phone')} type="tel" value={party.phone} onChange={(e) => set({ phone: e.currentTarget.value })} error={errorText('phone')} placeholder="010-1234-5678" />
        <TextInput label={t('parties.role')} placeholder={t('parties.rolePlaceholder')} value={party.role} onChange={(e) => set({ role: e.currentTarget.value })} error={errorText('role')} maxLength={100} />
      </SimpleGrid>
      {isExternal ? (
        <Group mt="sm" gap="xl" align="flex-start">
          <Checkbox.Group
            label={t('parties.methods')}
            value={party.verificationMethods}
            onChange={(values) => set({ verificationMethods: values as PartyDraft['verificationMethods'] })}
            error={errorText('verificationMethods')}
          >
            <Group gap="md" mt={4}>
              {VERIFICATION_METHODS.map((method) => <Checkbox key={method} value={method} label={t(`vocab.method.${method}`)} />)}
            </Group>
          </Checkbox.Group>
          <Select
            label={t('parties.locale')}
            w={140}
            value={party.locale}
            allowDeselect={false}
            onChange={(value) => value && set({ locale: value as PartyDraft['locale'] })}
            data={(['ko', 'en'] as const).map((value) => ({ value, label: t(`vocab.locale.${value}`) }))}
          />
        </Group>
      ) : (
        <Text size="xs" c="dimmed" mt="xs">{t('parties.companyHint')}</Text>
      )}
    </Card>
  );
}

/**
 * "Send for e-signature" from the contract's signing step: (a) the parties in signing order,
 * (b) the fields each fills, placed on the main document's pages, (c) the message and the expiry;
 * then one create call (the server converts a DOCX to PDF meanwhile: a progress bar shows it).
 * The server's 400 problems are shown next to the entries they name, on their step.
 */
export function SendEnvelopeWizard({ contract, onClose, onSent }: { contract: ContractDetail; onClose: () => void; onSent?: (envelope: Envelope) => void }) {
  const { t } = useTranslation('esign');
  const refresh = useEsignRefresh();
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [state, setState] = useState<WizardState>(() => ({
    parties: [newParty('EXTERNAL')],
    signingOrder: 'SEQUENTIAL',
    fields: [],
    title: '',
    message: '',
    expiryDate: addDays(kstToday(), 14),
  }));
  const [pageCount, setPageCount] = useState(1);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pdf = useMainPdf(contract, true);
  const today = kstToday();

  const create = useMutation({
    mutationFn: postCreateEnvelope,
    onSuccess: (envelope) => {
      refresh(envelope);
      notifications.show({ color: 'green', message: t('send.sent') });
      onSent?.(envelope);
      onClose();
    },
    onError: (error) => {
      const byPath = serverErrors(error, { byPath: true });
      if (byPath) {
        setErrors(byPath as WizardErrors);
        setStep(Math.min(...Object.keys(byPath).map(stepOfPath)) as 0 | 1 | 2);
        setFailure(t('send.fixErrors'));
      } else if (isApiError(error) && error.code === 'ERROR_PDF_CONVERTER_UNAVAILABLE') setFailure(t('send.unavailable'));
      else if (isApiError(error) && error.status === 409) setFailure(t('send.conflict'));
      else setFailure(t('send.failed', { message: error instanceof Error ? error.message : String(error) }));
    },
  });

  const setParties = (parties: PartyDraft[]) => {
    const ids = new Set(parties.map((p) => p.id));
    setState((s) => ({ ...s, parties, fields: s.fields.filter((f) => ids.has(f.partyId)) }));
  };
  const body = buildBody(contract.id, { ...state, fields: state.fields.filter((f) => f.page <= (pdf.doc?.numPages ?? pageCount)) });
  const stepErrors = (which: 0 | 1 | 2) => errorsOfStep(validateBody(body, today), which);

  const next = () => {
    const found = stepErrors(step);
    setErrors(found);
    setFailure(Object.keys(found).length > 0 ? t('send.fixErrors') : null);
    if (Object.keys(found).length === 0) setStep((step + 1) as 1 | 2);
  };
  const submit = () => {
    const found = validateBody(body, today);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStep(Math.min(...Object.keys(found).map(stepOfPath)) as 0 | 1 | 2);
      setFailure(t('send.fixErrors'));
      return;
    }
    setFailure(null);
    create.mutate(body);
  };
  const messageError = (field: string) => {
    const error = errors[field];
    return error ? ('key' in error ? t(`form.${error.key}`, { days: ESIGN_LIMITS.maxExpiryDays }) : error.text) : undefined;
  };

  return (
    <Modal opened onClose={create.isPending ? () => {} : onClose} fullScreen title={t('send.title', { title: contract.title })} closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack gap="md" maw={1280} mx="auto">
        <Stepper active={step} onStepClick={(index) => !create.isPending && index < step && setStep(index as 0 | 1)} size="sm">
          {STEPS.map((name) => <Stepper.Step key={name} label={t(`send.steps.${name}`)} />)}
        </Stepper>
        {failure ? <Alert color={Object.keys(errors).length > 0 ? 'orange' : 'red'} role="alert">{failure}</Alert> : null}

        {step === 0 ? (
          <Stack gap="sm">
            <Group align="flex-end" gap="md">
              <div>
                <Text size="sm" fw={500} id="signing-order-label">{t('parties.signingOrder')}</Text>
                <SegmentedControl
                  aria-labelledby="signing-order-label"
                  value={state.signingOrder}
                  onChange={(value) => setState((s) => ({ ...s, signingOrder: value as WizardState['signingOrder'] }))}
                  data={SIGNING_ORDERS.map((value) => ({ value, label: t(`vocab.order.${value}`) }))}
                />
              </div>
              <Text size="xs" c="dimmed" maw={520}>{t('parties.orderHint')}</Text>
            </Group>
            <Stack gap="sm" component="section" aria-label={t('parties.list')}>
              {state.parties.map((party, index) => (
                <PartyCard
                  key={party.id}
                  party={party}
                  index={index}
                  count={state.parties.length}
                  errors={errors}
                  onChange={(changed) => setParties(state.parties.map((p) => (p.id === changed.id ? changed : p)))}
                  onMove={(delta) => setParties(moveItem(state.parties, index, delta))}
                  onRemove={() => setParties(state.parties.filter((p) => p.id !== party.id))}
                />
              ))}
            </Stack>
            <Group>
              <Button variant="light" disabled={state.parties.length >= ESIGN_LIMITS.maxParties} onClick={() => setParties([...state.parties, newParty('EXTERNAL')])}>
                {t('parties.add')}
              </Button>
              <Button variant="default" disabled={state.parties.length >= ESIGN_LIMITS.maxParties} onClick={() => setParties([...state.parties, newParty('COMPANY')])}>
                {t('parties.addCompany')}
              </Button>
              {state.parties.length >= ESIGN_LIMITS.maxParties ? <Text size="xs" c="dimmed">{t('parties.max', { max: ESIGN_LIMITS.maxParties })}</Text> : null}
            </Group>
          </Stack>
        ) : null}

        {step === 1 ? (
          <FieldPlacer
            parties={state.parties}
            fields={state.fields}
            onChange={(fields) => setState((s) => ({ ...s, fields }))}
            pageCount={pageCount}
            onPageCount={setPageCount}
            pdf={pdf}
            errors={errors}
          />
        ) : null}

        {step === 2 ? (
          <Stack gap="sm" maw={720}>
            <TextInput label={t('message.title')} placeholder={t('message.titlePlaceholder')} value={state.title} onChange={(e) => { const value = e.currentTarget.value; setState((s) => ({ ...s, title: value })); }} error={messageError('title')} maxLength={200} />
            <Textarea label={t('message.message')} autosize minRows={3} maxLength={2000} value={state.message} onChange={(e) => { const value = e.currentTarget.value; setState((s) => ({ ...s, message: value })); }} error={messageError('message')} />
            <DateInput
              label={t('message.expiresAt')}
              description={t('message.expiryHint', { days: ESIGN_LIMITS.maxExpiryDays })}
              required
              min={addDays(today, 1)}
              max={addDays(today, ESIGN_LIMITS.maxExpiryDays)}
              isRangeCheckedByForm
              value={state.expiryDate}
              onChange={(expiryDate) => setState((s) => ({ ...s, expiryDate }))}
              error={messageError('expiresAt')}
              w={220}
            />
            <Text size="sm" c="dimmed">
              {t('message.summary', { parties: state.parties.length, fields: body.fields.length, order: t(`vocab.order.${state.signingOrder}`) })}
            </Text>
          </Stack>
        ) : null}

        {create.isPending ? <ProgressBar label={t('send.converting')} /> : null}
        <Group justify="space-between">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>{t('actions.cancel')}</Button>
          <Group>
            {step > 0 ? <Button variant="default" onClick={() => setStep((step - 1) as 0 | 1)} disabled={create.isPending}>{t('send.back')}</Button> : null}
            {step < 2 ? <Button onClick={next}>{t('send.next')}</Button> : <Button onClick={submit} loading={create.isPending}>{t('send.submit')}</Button>}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
