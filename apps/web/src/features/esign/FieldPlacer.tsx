import { FIELD_TYPES, type FieldType } from '@legal/api';
import { ActionIcon, Alert, Badge, Box, Button, Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { type PointerEvent as ReactPointerEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/LoadingState';
import { IconTrash } from './esign-icons';
import { partyColor } from './esign-labels';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type FieldDraft, fitToPage, newField, type PartyDraft, type WizardErrors } from './wizard-model';
import './esign-i18n';

const PAGE_WIDTH = 620;
const MAX_PAGES = 200;

type Drag =
  | { mode: 'create'; startX: number; startY: number; x: number; y: number }
  | { mode: 'move'; id: string; offsetX: number; offsetY: number }
  | { mode: 'resize'; id: string };

export interface PdfSource {
  state: 'none' | 'loading' | 'ready' | 'failed';
  doc: PDFDocumentProxy | null;
}

/** The page drawn by pdf.js (a PDF main document) or a blank A4 outline (a DOCX, converted when sent). */
function PageBackground({ pdf, page }: { pdf: PdfSource; page: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!pdf.doc || !canvas) return;
    let cancel = () => {};
    // pdf.js comes with the first PDF page drawn, not with the wizard.
    void import('../../lib/pdf-document').then(({ renderPdfPage }) => {
      const task = renderPdfPage(pdf.doc!, page, canvas, PAGE_WIDTH);
      cancel = task.cancel;
      task.done.catch(() => {});
    });
    return () => cancel();
  }, [pdf.doc, page]);
  if (pdf.doc) return <canvas ref={canvasRef} style={{ display: 'block', width: '100%', pointerEvents: 'none' }} />;
  return <Box style={{ aspectRatio: '1 / 1.4142', background: 'var(--mantine-color-body)', pointerEvents: 'none' }} />;
}

/**
 * Step (b) of the send wizard: the sender picks a party and a field type, then drags on a page to
 * place a box (a click places one of the default size); boxes move by dragging, resize by their
 * corner, and are deleted from the list or with the Delete key (arrow keys nudge the selected one).
 * Positions are fractions of the page, as the server stores them.
 */
export function FieldPlacer({ parties, fields, onChange, pageCount, onPageCount, pdf, errors }: {
  parties: PartyDraft[];
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  pageCount: number;
  onPageCount: (count: number) => void;
  pdf: PdfSource;
  errors: WizardErrors;
}) {
  const { t } = useTranslation('esign');
  const [partyId, setPartyId] = useState(parties[0]?.id ?? '');
  const [type, setType] = useState<FieldType>('SIGNATURE');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  const activeParty = parties.find((p) => p.id === partyId) ?? parties[0];
  const orderOf = (id: string) => parties.findIndex((p) => p.id === id) + 1;
  const partyName = (id: string) => parties.find((p) => p.id === id)?.name || t('parties.party', { order: orderOf(id) });
  const totalPages = pdf.doc ? pdf.doc.numPages : pageCount;
  const currentPage = Math.min(page, totalPages);

  const fractionAt = (event: { clientX: number; clientY: number }) => {
    const rect = pageRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0.5, y: 0.5 };
    return { x: Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)), y: Math.min(1, Math.max(0, (event.clientY - rect.top) / rect.height)) };
  };
  const update = (id: string, change: (f: FieldDraft) => Partial<FieldDraft>) => onChange(fields.map((f) => (f.id === id ? { ...f, ...change(f) } : f)));
  const remove = (id: string) => {
    onChange(fields.filter((f) => f.id !== id));
    if (selected === id) setSelected(null);
  };
  const add = (at?: { x: number; y: number }, size?: { width: number; height: number }) => {
    if (!activeParty) return;
    const onPage = fields.filter((f) => f.page === currentPage).length;
    const field = newField(activeParty.id, type, currentPage, at, onPage);
    const placed = size ? { ...field, ...fitToPage({ x: at!.x, y: at!.y, ...size }) } : field;
    onChange([...fields, placed]);
    setSelected(placed.id);
  };

  const onPagePointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const point = fractionAt(event);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ mode: 'create', startX: point.x, startY: point.y, x: point.x, y: point.y });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const point = fractionAt(event);
    if (drag.mode === 'create') setDrag({ ...drag, x: point.x, y: point.y });
    else if (drag.mode === 'move') update(drag.id, (f) => fitToPage({ ...f, x: point.x - drag.offsetX, y: point.y - drag.offsetY }));
    else update(drag.id, (f) => fitToPage({ ...f, width: point.x - f.x, height: point.y - f.y }));
  };
  const onPointerUp = () => {
    if (drag?.mode === 'create') {
      const width = Math.abs(drag.x - drag.startX);
      const height = Math.abs(drag.y - drag.startY);
      if (width < 0.015 && height < 0.01) add({ x: drag.startX, y: drag.startY });
      else add({ x: Math.min(drag.x, drag.startX), y: Math.min(drag.y, drag.startY) }, { width, height });
    }
    setDrag(null);
  };
  const startMove = (event: ReactPointerEvent, field: FieldDraft) => {
    event.stopPropagation();
    if (event.button !== 0) return;
    const point = fractionAt(event);
    pageRef.current?.setPointerCapture?.(event.pointerId);
    setSelected(field.id);
    setDrag({ mode: 'move', id: field.id, offsetX: point.x - field.x, offsetY: point.y - field.y });
  };
  const startResize = (event: ReactPointerEvent, field: FieldDraft) => {
    event.stopPropagation();
    pageRef.current?.setPointerCapture?.(event.pointerId);
    setSelected(field.id);
    setDrag({ mode: 'resize', id: field.id });
  };
  const onFieldKey = (event: KeyboardEvent, field: FieldDraft) => {
    const step = event.shiftKey ? 0.02 : 0.005;
    const nudges: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(field.id);
    } else if (nudges[event.key]) {
      event.preventDefault();
      const [dx, dy] = nudges[event.key]!;
      update(field.id, (f) => fitToPage({ ...f, x: f.x + dx, y: f.y + dy }));
    }
  };

  const sorted = [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const preview = drag?.mode === 'create'
    ? { left: Math.min(drag.x, drag.startX), top: Math.min(drag.y, drag.startY), width: Math.abs(drag.x - drag.startX), height: Math.abs(drag.y - drag.startY) }
    : null;

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Stack gap="sm" style={{ flex: '0 1 300px', minWidth: 260 }}>
        <Select
          label={t('fields.forParty')}
          data={parties.map((p, index) => ({ value: p.id, label: `${index + 1}. ${p.name || t('parties.party', { order: index + 1 })}` }))}
          value={activeParty?.id ?? null}
          onChange={(value) => value && setPartyId(value)}
          allowDeselect={false}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="field-type-label">
            {t('fields.type')}
          </Text>
          <SegmentedControl
            aria-labelledby="field-type-label"
            orientation="vertical"
            fullWidth
            value={type}
            onChange={(value) => setType(value as FieldType)}
            data={FIELD_TYPES.map((value) => ({ value, label: t(`vocab.field.${value}`) }))}
          />
        </div>
        {pdf.state === 'loading' ? <LoadingState label={t('fields.loadingPdf')} /> : null}
        {pdf.state === 'failed' ? <Alert color="orange">{t('fields.pdfFailed')}</Alert> : null}
        {pdf.doc ? (
          <Text size="xs" c="dimmed">{t('fields.pdfHint')}</Text>
        ) : pdf.state === 'loading' ? null : (
          <NumberInput
            label={t('fields.pageCount')}
            description={t('fields.pageCountHint')}
            min={1}
            max={MAX_PAGES}
            value={pageCount}
            onChange={(value) => onPageCount(Math.min(MAX_PAGES, Math.max(1, Number(value) || 1)))}
          />
        )}
        <Button variant="light" onClick={() => add()} disabled={!activeParty}>
          {t('fields.addHere', { type: t(`vocab.field.${type}`), page: currentPage })}
        </Button>
        <Stack gap={4} component="section" aria-label={t('fields.placed')}>
          <Text size="sm" fw={600}>{t('fields.placed')}</Text>
          {errors.fields && 'key' in errors.fields ? <Text size="xs" c="red" role="alert">{t(`form.${errors.fields.key}`)}</Text> : null}
          {sorted.length === 0 ? <Text size="xs" c="dimmed">{t('fields.none')}</Text> : null}
          {sorted.map((field) => {
            const name = t('fields.item', { party: partyName(field.partyId), type: t(`vocab.field.${field.type}`), page: field.page });
            const index = fields.indexOf(field);
            const error = errors[`fields.${index}`] ?? Object.entries(errors).find(([path]) => path.startsWith(`fields.${index}.`))?.[1];
            return (
              <Stack key={field.id} gap={0}>
                <Group gap={6} wrap="nowrap" data-testid="placed-field">
                  <Box w={10} h={10} style={{ borderRadius: 2, background: partyColor(orderOf(field.partyId)), flex: 'none' }} />
                  <Text
                    size="xs"
                    style={{ flex: 1, cursor: 'pointer', fontWeight: selected === field.id ? 700 : 400 }}
                    onClick={() => {
                      setSelected(field.id);
                      setPage(field.page);
                    }}
                  >
                    {name}
                  </Text>
                  <Checkbox size="xs" label={t('fields.required')} checked={field.required} onChange={(e) => update(field.id, () => ({ required: e.currentTarget.checked }))} />
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('fields.remove', { name })} onClick={() => remove(field.id)}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
                {error ? <Text size="xs" c="red">{'key' in error ? t(`form.${error.key}`) : error.text}</Text> : null}
              </Stack>
            );
          })}
        </Stack>
      </Stack>

      <Stack gap="xs" style={{ flex: `1 1 ${PAGE_WIDTH / 2}px`, maxWidth: PAGE_WIDTH }}>
        <Group justify="space-between">
          <Button size="xs" variant="default" disabled={currentPage <= 1} onClick={() => setPage(currentPage - 1)}>
            {t('fields.prevPage')}
          </Button>
          <Text size="sm" aria-live="polite">{t('fields.pageOf', { page: currentPage, total: totalPages })}</Text>
          <Button size="xs" variant="default" disabled={currentPage >= totalPages} onClick={() => setPage(currentPage + 1)}>
            {t('fields.nextPage')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">{t('fields.placeHint')}</Text>
        <Box
          ref={pageRef}
          role="application"
          aria-label={t('fields.canvas', { page: currentPage })}
          onPointerDown={onPagePointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDrag(null)}
          style={{ position: 'relative', border: '1px solid var(--mantine-color-default-border)', boxShadow: 'var(--mantine-shadow-sm)', cursor: 'crosshair', touchAction: 'none', userSelect: 'none' }}
        >
          <PageBackground pdf={pdf} page={currentPage} />
          {fields.filter((f) => f.page === currentPage).map((field) => {
            const color = partyColor(orderOf(field.partyId));
            const name = t('fields.item', { party: partyName(field.partyId), type: t(`vocab.field.${field.type}`), page: field.page });
            return (
              <Box
                key={field.id}
                role="button"
                tabIndex={0}
                aria-label={name}
                aria-pressed={selected === field.id}
                onPointerDown={(e) => startMove(e, field)}
                onKeyDown={(e) => onFieldKey(e, field)}
                onFocus={() => setSelected(field.id)}
                style={{
                  position: 'absolute', left: `${field.x * 100}%`, top: `${field.y * 100}%`, width: `${field.width * 100}%`, height: `${field.height * 100}%`,
                  border: `2px ${selected === field.id ? 'solid' : 'dashed'} ${color}`, background: `${color}22`, cursor: 'move', overflow: 'hidden',
                  display: 'flex', alignItems: 'center', justifyContent: 'center', borderRadius: 3,
                }}
              >
                <Badge size="xs" variant="filled" color={color} style={{ pointerEvents: 'none', maxWidth: '100%' }}>
                  {orderOf(field.partyId)} · {t(`vocab.field.${field.type}`)}
                </Badge>
                <Box
                  aria-label={t('fields.resize')}
                  onPointerDown={(e) => startResize(e, field)}
                  style={{ position: 'absolute', right: 0, bottom: 0, width: 10, height: 10, background: color, cursor: 'nwse-resize' }}
                />
              </Box>
            );
          })}
          {preview ? (
            <Box style={{ position: 'absolute', left: `${preview.left * 100}%`, top: `${preview.top * 100}%`, width: `${preview.width * 100}%`, height: `${preview.height * 100}%`, border: '2px dashed var(--mantine-primary-color-filled)', pointerEvents: 'none' }} />
          ) : null}
        </Box>
      </Stack>
    </Group>
  );
}
