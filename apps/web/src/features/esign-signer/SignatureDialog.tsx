import { Alert, Box, Button, FileInput, Group, Image, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SignatureInput } from './signer-api';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import { readSignatureUpload } from './signature-image';

/** A script-like face for a typed signature (whichever the device has; the server draws its own). */
export const SIGNATURE_FONT = "'Nanum Pen Script', 'Nanum Brush Script', 'Segoe Script', 'Brush Script MT', 'Apple Chancery', cursive";

type Tab = 'draw' | 'type' | 'upload';

interface Props {
  opened: boolean;
  /** The signer's name, offered as the typed signature. */
  defaultName: string;
  onClose: () => void;
  onApply: (signature: SignatureInput) => void;
}

/** Makes the signer's signature: drawn on a pad, typed, or an uploaded PNG. */
export function SignatureDialog({ opened, defaultName, onClose, onApply }: Props) {
  const { t } = useTranslation('esignSigner');
  const [tab, setTab] = useState<Tab>('draw');
  const pad = useRef<SignaturePadHandle>(null);
  const [typed, setTyped] = useState(defaultName);
  const [upload, setUpload] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    setError(null);
    if (tab === 'draw') {
      const png = pad.current?.toPng() ?? null;
      if (!png) return setError(t('signature.blank'));
      onApply({ kind: 'DRAWN', pngBase64: png });
    } else if (tab === 'type') {
      const text = typed.trim();
      if (!text) return setError(t('signature.typeEmpty'));
      onApply({ kind: 'TYPED', text: text.slice(0, 60) });
    } else {
      if (!upload) return setError(t('signature.uploadEmpty'));
      onApply({ kind: 'UPLOADED', pngBase64: upload });
    }
  };

  const choose = async (file: File | null) => {
    setUpload(null);
    setError(null);
    if (!file) return;
    const checked = await readSignatureUpload(file);
    if (checked.ok) setUpload(checked.pngBase64);
    else setError(t(checked.reason === 'tooLarge' ? 'signature.uploadTooLarge' : 'signature.uploadNotPng'));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('signature.title')} size="lg" fullScreen={false} centered>
      <Stack gap="md">
        <Tabs
          value={tab}
          onChange={(value) => {
            setTab((value as Tab | null) ?? 'draw');
            setError(null);
          }}
          keepMounted
        >
          <Tabs.List grow>
            <Tabs.Tab value="draw">{t('signature.tabs.draw')}</Tabs.Tab>
            <Tabs.Tab value="type">{t('signature.tabs.type')}</Tabs.Tab>
            <Tabs.Tab value="upload">{t('signature.tabs.upload')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="draw" pt="md">
            <SignaturePad ref={pad} onChange={() => setError(null)} />
          </Tabs.Panel>
          <Tabs.Panel value="type" pt="md">
            <Stack gap="sm">
              <TextInput label={t('signature.typeLabel')} value={typed} maxLength={60} onChange={(event) => setTyped(event.currentTarget.value)} />
              <Text size="xs" c="dimmed">
                {t('signature.typePreview')}
              </Text>
              <Box
                p="md"
                mih={90}
                style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 8, fontFamily: SIGNATURE_FONT, fontSize: 40, lineHeight: 1.2, overflowWrap: 'anywhere' }}
                aria-hidden="true"
              >
                {typed}
              </Box>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="upload" pt="md">
            <Stack gap="sm">
              <FileInput label={t('signature.uploadLabel')} description={t('signature.uploadHint')} accept="image/png" onChange={(file) => void choose(file)} clearable />
              {upload ? <Image src={`data:image/png;base64,${upload}`} alt={t('signature.imageAlt')} mah={120} fit="contain" /> : null}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('signature.cancel')}
          </Button>
          <Button onClick={apply}>{t('signature.apply')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
