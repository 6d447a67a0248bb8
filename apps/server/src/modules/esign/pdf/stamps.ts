import { degrees, rgb, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import { AppError } from '../../../platform/http/errors';

/** x, y, width, height: fractions of the page (as displayed, rotation applied) from its TOP LEFT. */
export interface FieldStamp {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  type: 'SIGNATURE' | 'SEAL' | 'DATE' | 'TEXT' | 'CHECKBOX';
  /** TEXT, DATE (ISO date, printed as the locale's date), CHECKBOX 'true'/'false', TYPED signature text. */
  value?: string | null;
  /** SIGNATURE (drawn/uploaded) and SEAL images, PNG (or JPEG): fitted inside the box, aspect and transparency kept. */
  imagePng?: Buffer | null;
}

const INK = rgb(0.05, 0.1, 0.35);

/** A box on the displayed page mapped to the page's user space, whatever its /Rotate and crop box. */
interface Frame {
  /** User-space point of box-local (a, b): a to the right, b upward from the box's displayed bottom left. */
  at(a: number, b: number): { x: number; y: number };
  width: number;
  height: number;
  rotation: number;
}

function frameOf(page: PDFPage, stamp: FieldStamp): Frame {
  const crop = page.getCropBox();
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  const shownWidth = turned ? crop.height : crop.width;
  const shownHeight = turned ? crop.width : crop.height;
  const u0 = stamp.x * shownWidth;
  const v0 = stamp.y * shownHeight;
  const width = stamp.width * shownWidth;
  const height = stamp.height * shownHeight;
  const toUser = (u: number, v: number) => {
    switch (rotation) {
      case 90: return { x: crop.x + v, y: crop.y + u };
      case 180: return { x: crop.x + crop.width - u, y: crop.y + v };
      case 270: return { x: crop.x + crop.width - v, y: crop.y + crop.height - u };
      default: return { x: crop.x + u, y: crop.y + crop.height - v };
    }
  };
  return { at: (a, b) => toUser(u0 + a, v0 + height - b), width, height, rotation };
}

function invalid(index: number, en: string, ko: string): AppError {
  return new AppError('ERROR_VALIDATION', { message: { ko: `서명 필드 ${index + 1}: ${ko}`, en: `Field ${index + 1}: ${en}` }, data: { field: index } });
}

function checkStamp(stamp: FieldStamp, index: number, pageCount: number): void {
  if (!Number.isInteger(stamp.page) || stamp.page < 1 || stamp.page > pageCount) throw invalid(index, `page ${stamp.page} is not in the document (1-${pageCount}).`, `${stamp.page}쪽은 문서에 없습니다(1-${pageCount}).`);
  const inside = [stamp.x, stamp.y, stamp.width, stamp.height].every((n) => Number.isFinite(n) && n >= 0 && n <= 1);
  if (!inside || stamp.width <= 0 || stamp.height <= 0 || stamp.x + stamp.width > 1.0001 || stamp.y + stamp.height > 1.0001) {
    throw invalid(index, 'the box is outside the page.', '위치가 페이지를 벗어났습니다.');
  }
}

/** '2026-11-27' as the locale prints it. */
export function formatDateValue(value: string, locale: 'ko' | 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return value.trim();
  const [, y, m, d] = match;
  if (locale === 'ko') return `${y}년 ${Number(m)}월 ${Number(d)}일`;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function drawTextIn(page: PDFPage, frame: Frame, text: string, font: PDFFont, maxSize: number): void {
  const clean = text.replace(/[\r\n\t]+/g, ' ').trim();
  if (!clean) return;
  const unit = font.widthOfTextAtSize(clean, 1);
  const size = Math.max(4, Math.min(maxSize, frame.height * 0.7, unit > 0 ? (frame.width * 0.96) / unit : maxSize));
  const textWidth = unit * size;
  const a = Math.max(0, (frame.width - textWidth) / 2);
  const b = (frame.height - size * 0.72) / 2;
  const origin = frame.at(a, b);
  page.drawText(clean, { x: origin.x, y: origin.y, size, font, color: INK, rotate: degrees(frame.rotation) });
}

function drawImageIn(page: PDFPage, frame: Frame, image: PDFImage): void {
  const scale = Math.min(frame.width / image.width, frame.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const origin = frame.at((frame.width - width) / 2, (frame.height - height) / 2);
  page.drawImage(image, { x: origin.x, y: origin.y, width, height, rotate: degrees(frame.rotation) });
}

function drawCheckbox(page: PDFPage, frame: Frame, checked: boolean): void {
  const side = Math.min(frame.width, frame.height) * 0.9;
  const a0 = (frame.width - side) / 2;
  const b0 = (frame.height - side) / 2;
  const line = (a1: number, b1: number, a2: number, b2: number, thickness: number) =>
    page.drawLine({ start: frame.at(a0 + a1 * side, b0 + b1 * side), end: frame.at(a0 + a2 * side, b0 + b2 * side), thickness, color: INK });
  const border = Math.max(0.5, side * 0.06);
  line(0, 0, 1, 0, border);
  line(1, 0, 1, 1, border);
  line(1, 1, 0, 1, border);
  line(0, 1, 0, 0, border);
  if (checked) {
    line(0.2, 0.5, 0.42, 0.25, side * 0.12);
    line(0.42, 0.25, 0.82, 0.8, side * 0.12);
  }
}

async function embedImage(doc: PDFDocument, bytes: Buffer, index: number): Promise<PDFImage> {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
    return await doc.embedPng(bytes);
  } catch (cause) {
    throw new AppError('ERROR_VALIDATION', { message: { ko: `서명 필드 ${index + 1}: 이미지를 읽을 수 없습니다.`, en: `Field ${index + 1}: the image cannot be read.` }, data: { field: index }, cause });
  }
}

/** Draws every stamp into the page content (flattened: no form fields remain). */
export async function drawStamps(doc: PDFDocument, stamps: FieldStamp[], font: () => Promise<PDFFont>, locale: 'ko' | 'en'): Promise<void> {
  const pages = doc.getPages();
  stamps.forEach((stamp, index) => checkStamp(stamp, index, pages.length));
  for (const [index, stamp] of stamps.entries()) {
    const page = pages[stamp.page - 1]!;
    const frame = frameOf(page, stamp);
    const value = stamp.value?.trim() ?? '';
    switch (stamp.type) {
      case 'SIGNATURE':
      case 'SEAL':
        if (stamp.imagePng && stamp.imagePng.length > 0) drawImageIn(page, frame, await embedImage(doc, stamp.imagePng, index));
        else if (value) drawTextIn(page, frame, value, await font(), 28);
        else throw invalid(index, 'a signature or seal needs an image or a typed name.', '서명·날인에는 이미지나 입력한 이름이 필요합니다.');
        break;
      case 'DATE':
        if (value) drawTextIn(page, frame, formatDateValue(value, locale), await font(), 12);
        break;
      case 'TEXT':
        if (value) drawTextIn(page, frame, value, await font(), 12);
        break;
      case 'CHECKBOX':
        drawCheckbox(page, frame, value === 'true');
        break;
    }
  }
}
