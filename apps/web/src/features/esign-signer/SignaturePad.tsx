import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trimmedSignaturePng } from './signature-image';

export interface SignaturePadHandle {
  /** The drawing as a trimmed transparent PNG (base64), or null when nothing is drawn. */
  toPng: () => string | null;
}

const PAD_HEIGHT = 180;
const INK = '#1a1a2e';

/**
 * A canvas to sign on with a pen, a finger or a mouse (pointer events). The canvas is never
 * filled, so the PNG is transparent around the ink. The keyboard alternative is the typed
 * signature (the dialog's Type tab).
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { onChange?: (isBlank: boolean) => void }>(function SignaturePad({ onChange }, ref) {
  const { t } = useTranslation('esignSigner');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [isBlank, setIsBlank] = useState(true);

  useImperativeHandle(ref, () => ({ toPng: () => (canvasRef.current && !isBlank ? trimmedSignaturePng(canvasRef.current) : null) }), [isBlank]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = Math.max(1, Math.floor(canvas.clientWidth * ratio));
    canvas.height = Math.floor(PAD_HEIGHT * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = INK;
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const markInked = () => {
    if (!isBlank) return;
    setIsBlank(false);
    onChange?.(false);
  };

  const drawTo = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = canvasRef.current?.getContext('2d');
    const from = last.current;
    if (!context || !from) return;
    const to = point(event);
    // A pen's pressure widens the line; a mouse or a finger reports 0.5 (or 0).
    context.lineWidth = 1.5 + 2.5 * (event.pressure > 0 ? event.pressure : 0.5);
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x === from.x && to.y === from.y ? to.x + 0.1 : to.x, to.y);
    context.stroke();
    last.current = to;
    markInked();
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setIsBlank(true);
    onChange?.(true);
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('signature.drawHint')}
      </Text>
      <Box style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 8, background: 'white' }}>
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('signature.padLabel')}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height: PAD_HEIGHT, touchAction: 'none', cursor: 'crosshair' }}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            last.current = point(event);
            drawTo(event);
          }}
          onPointerMove={(event) => {
            if (last.current) drawTo(event);
          }}
          onPointerUp={() => {
            last.current = null;
          }}
          onPointerCancel={() => {
            last.current = null;
          }}
        />
      </Box>
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={clear} disabled={isBlank}>
          {t('signature.clear')}
        </Button>
      </Group>
    </Stack>
  );
});
