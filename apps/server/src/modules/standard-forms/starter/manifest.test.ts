import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import rawManifest from './manifest.json';
import { findStarterFolder, parseStarterManifest, readStarterFormFile, starterForms, type StarterForm } from './manifest';

// The starter library's data: the manifest validates, every form file is there, and the markers in
// each DOCX are exactly the variables its manifest entry declares (kinds and document order too).

type Marker = { key: string; kind: 'VALUE' | 'OPEN' | 'CLOSE' };

const decode = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_m, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '');

/** The text of each paragraph of word/document.xml: tags stripped, one string a paragraph. */
async function paragraphTexts(docx: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  return (xml.match(/<w:p(?:\s[^>]*[^/>])?>[\s\S]*?<\/w:p>/g) ?? []).map((p) =>
    [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decode(m[1]!)).join(''));
}

function markersOf(paragraphs: string[]): Marker[] {
  const markers: Marker[] = [];
  for (const text of paragraphs) {
    for (const m of text.matchAll(/\{\{([#/]?)([^{}]*)\}\}/g)) markers.push({ key: m[2]!, kind: m[1] === '#' ? 'OPEN' : m[1] === '/' ? 'CLOSE' : 'VALUE' });
  }
  return markers;
}

const folder = findStarterFolder();
const forms = starterForms();

describe('starter manifest', () => {
  it('validates against the api schemas and lists forms in both languages', () => {
    expect(() => parseStarterManifest(rawManifest)).not.toThrow();
    expect(forms.length).toBeGreaterThanOrEqual(10);
    expect(forms.filter((f) => f.language === 'ko').length).toBeGreaterThanOrEqual(8);
    expect(forms.filter((f) => f.language === 'en').length).toBeGreaterThanOrEqual(3);
    expect(forms.some((f) => f.file === 'forms/en-common-paper-mutual-nda.docx')).toBe(true);
  });

  it('refuses a manifest with a duplicated key, a gap in the order, a bad default or a mapping used twice', () => {
    const form = structuredClone(rawManifest.forms[0]!) as unknown as StarterForm;
    const variables = form.variables;
    const broken = (change: (f: StarterForm) => void) => {
      const copy = structuredClone(form);
      change(copy);
      return () => parseStarterManifest({ forms: [copy] });
    };
    expect(broken((f) => { f.variables[1]!.key = f.variables[0]!.key; })).toThrow(/declared twice/);
    expect(broken((f) => { f.variables[1]!.order = 7; })).toThrow(/document order/);
    expect(broken((f) => { f.variables.find((v) => v.type === 'OPTIONAL_CLAUSE')!.defaultValue = 'yes'; })).toThrow(/"true" or "false"/);
    expect(broken((f) => { f.variables.find((v) => v.type === 'DATE')!.mapsTo = variables.find((v) => v.mapsTo === 'TITLE')!.mapsTo; })).toThrow(/filled by another variable/);
    expect(broken((f) => { f.contractType = 'NOT_A_TYPE' as StarterForm['contractType']; })).toThrow(/contractType/);
    expect(() => parseStarterManifest({ forms: [form, form] })).toThrow(/listed twice/);
  });

  it('gives every form a source with its licence and an attribution that notes the changes', () => {
    for (const form of forms) {
      expect(form.source.licence, form.key).toMatch(/^(CC0-1\.0|CC-BY-4\.0)$/);
      expect(form.source.attribution, form.key).toMatch(/Changes: variables marked/);
      if (form.source.licence === 'CC-BY-4.0') {
        // CC BY 4.0: credit the licensor, link the licence, say what was modified.
        expect(form.source.attribution, form.key).toMatch(/Copyright Common Paper, Inc\.|OpenAgreements contributors/);
        expect(form.source.attribution, form.key).toContain('https://creativecommons.org/licenses/by/4.0/');
        expect(form.source.url, form.key).toMatch(/^https:\/\//);
      }
    }
  });
});

describe('starter form files', () => {
  it('are all present, and the folder holds no form the manifest does not list', () => {
    expect(folder).not.toBeNull();
    const listed = forms.map((f) => path.posix.basename(f.file)).sort();
    const onDisk = fs.readdirSync(path.join(folder!, 'forms')).filter((name) => name.endsWith('.docx')).sort();
    expect(onDisk).toEqual(listed);
    for (const form of forms) expect(readStarterFormFile(form).subarray(0, 2).toString('latin1'), form.file).toBe('PK');
  });

  it.each(forms.map((f) => [f.key, f] as const))('%s: its markers are exactly the declared variables', async (_key, form) => {
    const paragraphs = await paragraphTexts(readStarterFormFile(form));
    const markers = markersOf(paragraphs);

    // Every "{{" belongs to a well-formed marker with a valid key (nothing half-replaced).
    const opened = paragraphs.join('\n').split('{{').length - 1;
    expect(markers.length, 'every {{ starts a marker').toBe(opened);
    for (const m of markers) expect(m.key, 'a valid key').toMatch(/^[A-Za-z가-힣_][A-Za-z0-9가-힣_]{0,63}$/);
    // No placeholder of the original templates is left unmarked.
    expect(paragraphs.join('\n')).not.toMatch(/(?<!\{)\{[a-z_0-9]+\}(?!\})/);

    // Sections open and close in order, never nested into each other.
    const open: string[] = [];
    for (const m of markers) {
      if (m.kind === 'OPEN') {
        expect(open, `{{#${m.key}}} inside another clause`).toEqual([]);
        open.push(m.key);
      } else if (m.kind === 'CLOSE') {
        expect(open.pop(), `{{/${m.key}}} closes what was opened`).toBe(m.key);
      }
    }
    expect(open, 'every clause is closed').toEqual([]);

    const kinds = new Map<string, 'VALUE' | 'SECTION'>();
    for (const m of markers) {
      const kind = m.kind === 'VALUE' ? 'VALUE' : 'SECTION';
      expect(kinds.get(m.key) ?? kind, `${m.key} used both as a value and as a clause`).toBe(kind);
      kinds.set(m.key, kind);
    }
    const declared = new Map(form.variables.map((v) => [v.key, v.type === 'OPTIONAL_CLAUSE' ? 'SECTION' : 'VALUE'] as const));
    expect(Object.fromEntries(kinds)).toEqual(Object.fromEntries(declared));

    // Listed in document order (first appearance).
    expect(form.variables.map((v) => v.key)).toEqual([...kinds.keys()]);
  });
});

// The committed DOCX files are the script's output; when the shared data folder is on this machine,
// rebuild in memory and compare byte for byte (CI has no shared data: skipped there).
const repoRoot = path.resolve(folder ?? '.', '../../../../../..');
const script = path.join(repoRoot, 'scripts', 'build-starter-forms.mjs');
const build = (await import(pathToFileURL(script).href)) as { resolveSharedDataDir: () => string };
let shared: string | null = null;
try {
  shared = build.resolveSharedDataDir();
} catch {
  shared = null;
}

describe('the build script', () => {
  it.skipIf(!shared)('reproduces the committed forms from the shared originals', () => {
    const out = execFileSync('node', [script, '--check'], { cwd: repoRoot, env: { ...process.env, SHARED_DATA_DIR: shared! }, encoding: 'utf8' });
    expect(out.match(/^ok /gm)?.length).toBe(forms.length);
  });
});
