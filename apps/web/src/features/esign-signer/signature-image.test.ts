import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { inkBounds, readSignatureUpload, trimmedSignaturePng } from './signature-image';

/** A real 2D canvas (jsdom has none): the same drawing calls the signature pad makes. */
function realCanvas(width: number, height: number) {
  return createCanvas(width, height) as unknown as HTMLCanvasElement;
}

describe('the ink box of a signature', () => {
  it('finds the smallest box around opaque pixels and ignores faint ones', () => {
    const width = 10;
    const height = 8;
    const data = new Uint8ClampedArray(width * height * 4);
    const paint = (x: number, y: number, alpha: number) => (data[(y * width + x) * 4 + 3] = alpha);
    expect(inkBounds(data, width, height)).toBeNull();
    paint(2, 3, 255);
    paint(6, 5, 200);
    paint(9, 7, 3); // anti-aliasing dust below the threshold
    expect(inkBounds(data, width, height)).toEqual({ x: 2, y: 3, width: 5, height: 3 });
  });
});

describe('the drawn signature as a PNG', () => {
  it('is cut to the ink with a small margin and stays transparent around it', async () => {
    const pad = realCanvas(400, 200);
    const context = pad.getContext('2d')!;
    context.strokeStyle = '#1a1a2e';
    context.lineWidth = 4;
    context.lineCap = 'butt';
    context.beginPath();
    context.moveTo(100, 80);
    context.lineTo(220, 80);
    context.stroke();

    const png = trimmedSignaturePng(pad, realCanvas);
    expect(png).not.toBeNull();
    const bytes = Buffer.from(png!, 'base64');
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    const image = await loadImage(bytes);
    // The stroke covers x 100..219 and y 78..81; the margin is 4 pixels on each side.
    expect(image.width).toBe(120 + 8);
    expect(image.height).toBe(4 + 8);
    const decoded = createCanvas(image.width, image.height);
    const ctx = decoded.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const pixels = ctx.getImageData(0, 0, image.width, image.height).data;
    const alphaAt = (x: number, y: number) => pixels[(y * image.width + x) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(image.width - 1, image.height - 1)).toBe(0);
    expect(alphaAt(Math.floor(image.width / 2), Math.floor(image.height / 2))).toBe(255);
  });

  it('is null for a blank pad', () => {
    expect(trimmedSignaturePng(realCanvas(50, 50), realCanvas)).toBeNull();
  });
});

describe('an uploaded signature image', () => {
  it('accepts a PNG by its bytes and refuses other files and oversized ones', async () => {
    const png = realCanvas(4, 4) as unknown as { toBuffer: (type: 'image/png') => Buffer };
    const bytes = png.toBuffer('image/png');
    const ok = await readSignatureUpload(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    expect(ok).toEqual({ ok: true, pngBase64: bytes.toString('base64') });
    expect(await readSignatureUpload(new Blob(['GIF89a not a png'], { type: 'image/png' }))).toEqual({ ok: false, reason: 'notPng' });
    expect(await readSignatureUpload(new Blob([new Uint8Array(600 * 1024)]))).toEqual({ ok: false, reason: 'tooLarge' });
  });
});
