import { describe, expect, it } from 'vitest';
import { lieAboutSize } from '../files.test-support';
import { buildZip } from './test-fixtures';
import { inspectZip, openVerifiedZip, verifyZip } from './zip-inflate';
import { checkZipSafety } from './zip-safety';

const MiB = 1024 * 1024;
/** One inflater chunk: the most the inflater may produce past a cap before it is stopped. */
const CHUNK = 64 * 1024;

describe('inspectZip', () => {
  it('stops a lying entry at its declared size: 50 MiB of zeros that claims 1 MiB', async () => {
    const honest = buildZip([{ name: 'readme.txt', data: 'hello' }, { name: 'zeros.bin', data: Buffer.alloc(50 * MiB) }]);
    const lying = lieAboutSize(honest, 'zeros.bin', MiB);
    // The directory alone cannot tell: 1 MiB from ~50 KiB is no bomb-like ratio.
    expect(checkZipSafety(lying)).toEqual({ ok: true });
    const inspection = await inspectZip(lying);
    expect(inspection.verdict).toEqual({ ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' });
    // What bounds memory and CPU: the inflater produced at most the declared size and one chunk.
    expect(inspection.inflatedBytes).toBeGreaterThan(MiB);
    expect(inspection.inflatedBytes).toBeLessThanOrEqual(MiB + 5 + CHUNK);
  });

  it('caps each entry and the total by what is produced, whatever is declared', async () => {
    const zip = buildZip([{ name: 'a.txt', data: 'a'.repeat(300_000) }, { name: 'b.txt', data: 'b'.repeat(300_000) }]);
    expect((await inspectZip(zip)).verdict).toEqual({ ok: true });
    expect(await verifyZip(zip, { limits: { maxEntryUncompressed: 100_000, maxRatio: 1e9 } })).toEqual({ ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' });
    // Declared sizes that fit the limits, real bytes that do not: the total cap counts real bytes.
    const understated = lieAboutSize(lieAboutSize(zip, 'a.txt', 1000), 'b.txt', 1000);
    const inspection = await inspectZip(understated, { limits: { maxTotalUncompressed: 2000 } });
    expect(inspection.verdict).toEqual({ ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' });
    expect(inspection.inflatedBytes).toBeLessThanOrEqual(1000 + CHUNK);
  });

  it('refuses a stored entry larger than it declares, without reading it', async () => {
    const lying = lieAboutSize(buildZip([{ name: 'raw.bin', data: Buffer.alloc(200_000, 1), store: true }]), 'raw.bin', 1000);
    expect(await inspectZip(lying)).toEqual({ verdict: { ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' }, inflatedBytes: 0 });
  });

  it('calls an entry that inflates to less than it declares, or to other bytes, corrupt', async () => {
    const zip = buildZip([{ name: 'a.txt', data: 'hello world' }]);
    expect(await verifyZip(lieAboutSize(zip, 'a.txt', 5000))).toEqual({ ok: false, reason: 'CORRUPT' });
    const badCrc = Buffer.from(zip);
    const central = badCrc.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    badCrc.writeUInt32LE((badCrc.readUInt32LE(central + 16) ^ 1) >>> 0, central + 16);
    expect(await verifyZip(badCrc)).toEqual({ ok: false, reason: 'CORRUPT' });
    const truncatedData = Buffer.from(zip);
    truncatedData.fill(0xff, 30 + 'a.txt'.length, 30 + 'a.txt'.length + 4);
    expect(await verifyZip(truncatedData)).toEqual({ ok: false, reason: 'CORRUPT' });
  });

  it('finds DTDs and entities in XML parts across chunk boundaries and in UTF-16', async () => {
    const split = '<x>' + ' '.repeat(CHUNK - 5) + '<!DoCtYpE x [<!ENTITY e "e">]><x/>';
    const utf16 = Buffer.from('\uFEFF<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE x><x/>', 'utf16le');
    expect(await verifyZip(buildZip([{ name: 'word/document.xml', data: split }]), { checkXml: true })).toEqual({ ok: false, reason: 'DTD_OR_ENTITY' });
    expect(await verifyZip(buildZip([{ name: 'Contents/section0.xml', data: utf16 }]), { checkXml: true })).toEqual({ ok: false, reason: 'DTD_OR_ENTITY' });
    // Only XML parts are markup; a zip of other files is not scanned, and clean XML passes.
    expect(await verifyZip(buildZip([{ name: 'notes.txt', data: '<!DOCTYPE a>' }]), { checkXml: true })).toEqual({ ok: true });
    expect(await verifyZip(buildZip([{ name: 'a.xml', data: '<a>&amp;</a>' }]), { checkXml: true })).toEqual({ ok: true });
  });
});

describe('openVerifiedZip', () => {
  it('reads entries that passed, and refuses the archive when one lies', async () => {
    const zip = buildZip([{ name: 'dir/', data: '', store: true }, { name: 'dir/계약.txt', data: '갑과 을' }]);
    const opened = await openVerifiedZip(zip);
    if (!('zip' in opened)) throw new Error('refused');
    expect(Object.keys(opened.zip.files)).toEqual(['dir/', 'dir/계약.txt']);
    expect(opened.zip.files['dir/']!.dir).toBe(true);
    expect(await opened.zip.file('dir/계약.txt')!.async('string')).toBe('갑과 을');
    expect(opened.zip.file('missing')).toBeNull();
    const lying = lieAboutSize(buildZip([{ name: 'z.bin', data: Buffer.alloc(4 * MiB) }]), 'z.bin', 1000);
    expect(await openVerifiedZip(lying)).toEqual({ verdict: { ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' } });
  });
});
