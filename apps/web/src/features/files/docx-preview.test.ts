import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { previewHtml } from './docx-preview';

type Mammoth = { convertToHtml: (input: { arrayBuffer: ArrayBuffer }) => Promise<{ value: string }> };

async function mammoth(): Promise<Mammoth> {
  const mod = (await import('mammoth/mammoth.browser.min.js')) as Partial<Mammoth> & { default?: Mammoth };
  return mod.default ?? (mod as Mammoth);
}

const body = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;

describe('mammoth browser build', () => {
  it('loads and exposes convertToHtml', async () => {
    expect(typeof (await mammoth()).convertToHtml).toBe('function');
  });
});

describe('previewHtml', () => {
  const clause = 'Access and Use. During the Subscription Period and subject to the terms of this Agreement, Customer may access and use the Cloud Service and copy the Software.';

  it('shows a clause Word styled as a heading as a paragraph with its title in bold, and keeps real titles as headings', () => {
    const out = body(previewHtml(`<h1>Cloud Service Agreement</h1><h2>${clause}</h2><h2>Restrictions &amp; Obligations</h2><p>One.</p><p>Two.</p>`));
    expect([...out.children].map((e) => e.tagName)).toEqual(['H1', 'P', 'H2', 'P', 'P']);
    const paragraph = out.children[1]!;
    expect(paragraph.querySelector('strong')?.textContent).toBe('Access and Use.');
    expect(paragraph.textContent).toBe(clause);
  });

  it('keeps the markup of a long heading that does not start with plain text, and still sanitizes', () => {
    const long = `<h3><em>Note</em> ${'x'.repeat(130)}</h3><script>alert(1)</script><p onclick="x()">a</p>`;
    const out = body(previewHtml(long));
    expect(out.querySelector('h3, script, strong')).toBeNull();
    expect(out.querySelector('p em')?.textContent).toBe('Note');
    expect(out.querySelector('p[onclick]')).toBeNull();
  });

  it('previews a contract template: clause headings become paragraphs, each Word paragraph its own', async () => {
    const bytes = readFileSync('/work/shared/data/contracts/docx/common-paper-cloud-service-agreement.docx');
    const { value } = await (await mammoth()).convertToHtml({ arrayBuffer: Uint8Array.from(bytes).buffer });
    const raw = body(value);
    const longHeadings = (root: HTMLElement) => [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter((h) => (h.textContent ?? '').length > 120);
    expect(longHeadings(raw).length).toBeGreaterThan(20);
    const out = body(previewHtml(value));
    expect(longHeadings(out)).toEqual([]);
    expect([...out.querySelectorAll('p > strong:first-child')].map((s) => s.textContent)).toContain('Access and Use.');
    expect(out.querySelectorAll('p').length).toBeGreaterThanOrEqual(raw.querySelectorAll('p').length + longHeadings(raw).length);
  });
});
