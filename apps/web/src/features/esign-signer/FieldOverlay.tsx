import { Box, Checkbox, Image, UnstyledButton } from '@mantine/core';
import { type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type SignatureInput, type SignerField } from './signer-api';
import { SIGNATURE_FONT } from './SignatureDialog';
import { isFieldDone, takesSignature, type SigningDraft } from './signing-form';

interface Props {
  fields: SignerField[];
  draft: SigningDraft;
  /** The field the guide points at. */
  currentKey: string | null;
  onValue: (key: string, value: string) => void;
  onOpenSignature: () => void;
}

/** A field's box on its page, in fractions of the page. */
function box(field: SignerField): CSSProperties {
  return {
    position: 'absolute',
    left: `${field.x * 100}%`,
    top: `${field.y * 100}%`,
    width: `${field.width * 100}%`,
    height: `${field.height * 100}%`,
  };
}

export const fieldDomId = (key: string) => `esign-field-${key}`;

/** The fields over one page: the signer's own to fill, the others' faint. */
export function FieldOverlay({ fields, draft, currentKey, onValue, onOpenSignature }: Props) {
  return (
    <>
      {fields.map((field) =>
        field.mine ? (
          <MyField
            key={field.key}
            field={field}
            draft={draft}
            isCurrent={field.key === currentKey}
            onValue={onValue}
            onOpenSignature={onOpenSignature}
          />
        ) : (
          <OthersField key={field.key} field={field} />
        ),
      )}
    </>
  );
}

function OthersField({ field }: { field: SignerField }) {
  const { t } = useTranslation('esignSigner');
  return (
    <Box
      style={{ ...box(field), border: '1px dashed var(--mantine-color-gray-5)', background: 'rgba(134, 142, 150, 0.08)', opacity: 0.6, borderRadius: 2 }}
      title={t('fields.othersField')}
      aria-hidden="true"
    />
  );
}

function SignaturePreview({ signature }: { signature: SignatureInput }) {
  const { t } = useTranslation('esignSigner');
  if (signature.kind === 'TYPED') {
    return (
      <Box
        component="span"
        style={{ fontFamily: SIGNATURE_FONT, fontSize: 'clamp(10px, 2.6cqw, 28px)', whiteSpace: 'nowrap', overflow: 'hidden', lineHeight: 1, color: '#1a1a2e' }}
        aria-label={t('signature.typedAlt', { text: signature.text })}
      >
        {signature.text}
      </Box>
    );
  }
  return <Image src={`data:image/png;base64,${signature.pngBase64}`} alt={t('signature.imageAlt')} h="100%" w="100%" fit="contain" />;
}

function MyField({
  field,
  draft,
  isCurrent,
  onValue,
  onOpenSignature,
}: {
  field: SignerField;
  draft: SigningDraft;
  isCurrent: boolean;
  onValue: (key: string, value: string) => void;
  onOpenSignature: () => void;
}) {
  const { t } = useTranslation('esignSigner');
  const isDone = isFieldDone(field, draft);
  const type = t(`fields.types.${field.type}`);
  const label = t('fields.fieldLabel', { page: field.page, type, label: field.label ?? (field.required ? t('fields.required') : t('fields.optional')) });
  const frame: CSSProperties = {
    ...box(field),
    borderRadius: 3,
    outline: isCurrent ? '3px solid var(--mantine-color-orange-6)' : `2px solid ${isDone ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-yellow-6)'}`,
    outlineOffset: 1,
    background: isDone ? 'rgba(18, 184, 134, 0.08)' : 'rgba(250, 176, 5, 0.22)',
    zIndex: isCurrent ? 2 : 1,
    scrollMarginTop: 120,
    scrollMarginBottom: 160,
  };
  const common = { id: fieldDomId(field.key), 'data-field-key': field.key, 'data-done': isDone ? 'true' : 'false' };

  if (takesSignature(field)) {
    const here = field.type === 'SEAL' ? t('fields.sealHere') : t('fields.signHere');
    // The name starts with the words shown in the box (WCAG 2.5.3, label in name).
    return (
      <UnstyledButton {...common} style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', containerType: 'inline-size' }} aria-label={draft.signature ? label : `${here} · ${label}`} onClick={onOpenSignature}>
        {draft.signature ? (
          <SignaturePreview signature={draft.signature} />
        ) : (
          <Box component="span" fz="clamp(9px, 1.6vw, 13px)" fw={600} c="orange.9" style={{ whiteSpace: 'nowrap' }}>
            {here}
          </Box>
        )}
      </UnstyledButton>
    );
  }
  if (field.type === 'CHECKBOX') {
    return (
      <Box style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Checkbox {...common} aria-label={label} size="xs" checked={draft.values[field.key] === 'true'} onChange={(event) => onValue(field.key, event.currentTarget.checked ? 'true' : 'false')} />
      </Box>
    );
  }
  return (
    <Box style={frame}>
      <input
        {...common}
        aria-label={label}
        aria-required={field.required}
        type={field.type === 'DATE' ? 'date' : 'text'}
        maxLength={500}
        value={draft.values[field.key] ?? ''}
        placeholder={field.label ?? type}
        onChange={(event) => onValue(field.key, event.currentTarget.value)}
        style={{ width: '100%', height: '100%', border: 0, padding: '0 4px', background: 'transparent', fontSize: 'clamp(9px, 1.7vw, 14px)', color: '#1a1a2e' }}
      />
    </Box>
  );
}
