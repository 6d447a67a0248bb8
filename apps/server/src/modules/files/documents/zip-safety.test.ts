import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHwpx, buildZip, DATA_DIR } from './test-fixtures';
import { checkXmlSafety, checkZipSafety, readCentralDirectory } from './zip-safety';

describe('checkZipSafety', () => {
  it('passes every DOCX template and a generated HWPX', () => {
    const dir = path.join(DATA_DIR, 'contracts/docx');
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.docx'))) {
      expect(checkZipSafety(fs.readFileSync(path.join(dir, name))), name).toEqual({ ok: true });
    }
    expect(checkZipSafety(buildHwpx(['제1조(목적) 본문']))).toEqual({ ok: true });
  });

  it('refuses a high-ratio bomb (50 MB of zeros) without inflating it', () => {
    const bomb = buildZip([{ name: 'readme.txt', data: 'hello' }, { name: 'zeros.bin', data: Buffer.alloc(50 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(checkZipSafety(bomb)).toEqual({ ok: false, reason: 'SUSPICIOUS_RATIO' });
  });

  it('refuses more than 10,000 entries', () => {
    const entries = Array.from({ length: 10_001 }, (_, i) => ({ name: `f${i}.txt`, data: 'x', store: true }));
    expect(checkZipSafety(buildZip(entries))).toEqual({ ok: false, reason: 'TOO_MANY_ENTRIES' });
    expect(checkZipSafety(buildZip(entries.slice(0, 10_000)))).toEqual({ ok: true });
  });

  it('refuses a total uncompressed size over the limit', () => {
    const zip = buildZip([{ name: 'a.txt', data: 'a'.repeat(3000) }, { name: 'b.txt', data: 'b'.repeat(3000) }]);
    expect(checkZipSafety(zip, { maxTotalUncompressed: 5000 })).toEqual({ ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' });
    // A declared size of 4 GiB in the central directory is refused by the default 512 MiB limit.
    const forged = Buffer.from(zip);
    const central = forged.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    forged.writeUInt32LE(0xfffffff0, central + 24);
    expect(checkZipSafety(forged)).toMatchObject({ ok: false });
  });

  it('refuses corrupt or truncated directories', () => {
    const zip = buildZip([{ name: 'a.txt', data: 'hello world' }]);
    expect(checkZipSafety(zip.subarray(0, zip.length - 10))).toEqual({ ok: false, reason: 'CORRUPT' });
    const badOffset = Buffer.from(zip);
    badOffset.writeUInt32LE(zip.length + 100, zip.length - 6);
    expect(checkZipSafety(badOffset)).toEqual({ ok: false, reason: 'CORRUPT' });
    const badSignature = Buffer.from(zip);
    badSignature.writeUInt32LE(0x12345678, badSignature.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    expect(checkZipSafety(badSignature)).toEqual({ ok: false, reason: 'CORRUPT' });
    expect(checkZipSafety(Buffer.from('not a zip at all'))).toEqual({ ok: false, reason: 'CORRUPT' });
  });

  it('lists entries with their sizes', () => {
    const directory = readCentralDirectory(buildZip([{ name: '계약서.txt', data: '갑과 을' }]));
    expect(directory).toMatchObject({ ok: true, entries: [{ name: '계약서.txt', uncompressedSize: Buffer.byteLength('갑과 을') }] });
  });
});

describe('checkXmlSafety', () => {
  it('refuses DTDs and entity declarations', () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>';
    const xxe = '<?xml version="1.0"?><!doctype foo [<!entity xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>';
    expect(checkXmlSafety(laughs)).toEqual({ ok: false, reason: 'DTD_OR_ENTITY' });
    expect(checkXmlSafety(xxe)).toEqual({ ok: false, reason: 'DTD_OR_ENTITY' });
    expect(checkXmlSafety('<w:document><w:t>&amp; ok</w:t></w:document>')).toEqual({ ok: true });
  });
});
