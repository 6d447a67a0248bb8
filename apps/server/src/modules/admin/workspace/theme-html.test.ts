import { describe, expect, it } from 'vitest';
import { sanitizeThemeHtml } from './theme-html';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('sanitizeThemeHtml (allow-list)', () => {
  it('keeps the markup a welcome panel needs, and Korean text as written', () => {
    const html = '<h2>한빛 법무팀에 오신 것을 환영합니다</h2><p><strong>문의</strong>: <a href="mailto:legal@hanbit.example">legal@hanbit.example</a></p><ul><li>계약 검토</li><li>자문</li></ul><img src="https://cdn.example/a.png" alt="로고" width="120">';
    expect(sanitizeThemeHtml(html)).toBe(
      '<h2>한빛 법무팀에 오신 것을 환영합니다</h2><p><strong>문의</strong>: <a href="mailto:legal@hanbit.example" rel="noopener noreferrer nofollow">legal@hanbit.example</a></p><ul><li>계약 검토</li><li>자문</li></ul><img src="https://cdn.example/a.png" alt="로고" width="120" />',
    );
  });

  it('removes scripts and styles with their content', () => {
    expect(sanitizeThemeHtml('<p>a</p><script>alert(1)</script><style>body{display:none}</style><noscript>n</noscript>')).toBe('<p>a</p>');
    expect(sanitizeThemeHtml('<SCRIPT SRC=//evil.example/x.js></SCRIPT>b')).toBe('b');
  });

  it('removes every event handler and style attribute', () => {
    expect(sanitizeThemeHtml('<p onclick="x()" onmouseover=y() style="position:fixed;top:0">t</p>')).toBe('<p>t</p>');
    expect(sanitizeThemeHtml('<img src="https://cdn.example/a.png" onerror="alert(1)" style="width:9999px">')).toBe('<img src="https://cdn.example/a.png" />');
    expect(sanitizeThemeHtml('<div class="mantine-Button" id="login">x</div>')).toBe('<div>x</div>');
  });

  it('removes javascript:, vbscript: and data: links however they are spelled', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'jav&#x09;ascript:alert(1)', '&#106;avascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>']) {
      expect(sanitizeThemeHtml(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer nofollow">x</a>');
    }
    expect(sanitizeThemeHtml('<a href="//evil.example">x</a>')).toBe('<a rel="noopener noreferrer nofollow">x</a>');
  });

  it('keeps images only from https or raster data', () => {
    expect(sanitizeThemeHtml(`<img src="${PNG}">`)).toBe(`<img src="${PNG}" />`);
    for (const src of ['x', '/api/auth/logout/v1', 'http://cdn.example/a.png', 'javascript:alert(1)', 'data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html;base64,PHNjcmlwdD4=']) {
      expect(sanitizeThemeHtml(`<p>t</p><img src="${src}">`), src).toBe('<p>t</p>');
    }
  });

  it('drops frames, forms, SVG and other active content', () => {
    const html = '<iframe src="https://evil.example"></iframe><form action="/x"><input name="p"><button>go</button></form><svg onload="alert(1)"><circle/></svg><object data="x"></object><embed src="x"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css">남음';
    expect(sanitizeThemeHtml(html)).toBe('go남음');
  });

  // sanitize-html is held at 2.17.x (2.17.6+ declare Node >= 22): the payloads of the advisories
  // fixed after it (GHSA-x3q4-9hxx-gx8m noscript, GHSA-cv27-6wvh-8x7j meta refresh, SVG SMIL
  // animation of href, GHSA-c9rx-x947-fp3h iframe fallback) must leave nothing active with our
  // allow-list, which keeps none of noscript, meta, svg, animate or iframe.
  it('neutralises the payloads of the advisories fixed after 2.17.5', () => {
    const payloads = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>',
      '<div><noscript></div><img src=x onerror=alert(1)></noscript></div>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<a href="https://hanbit.example"><animate attributeName="href" values="javascript:alert(1)"/>x</a>',
      '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
      `${'<iframe>'.repeat(40)}<img src=x onerror=alert(1)>${'</iframe>'.repeat(40)}`,
    ];
    for (const html of payloads) {
      const clean = sanitizeThemeHtml(html) ?? '';
      expect(clean, html).not.toMatch(/onerror|javascript:|<noscript|<meta|<animate|<set|<svg|<iframe|<img src="x"/i);
    }
  });

  it('makes links that open a new tab unable to reach back', () => {
    expect(sanitizeThemeHtml('<a href="https://hanbit.example" target="_top" rel="opener">홈</a>')).toBe('<a href="https://hanbit.example" target="_blank" rel="noopener noreferrer nofollow">홈</a>');
  });

  it('answers undefined for nothing left to show', () => {
    expect(sanitizeThemeHtml(undefined)).toBeUndefined();
    expect(sanitizeThemeHtml('   ')).toBeUndefined();
    expect(sanitizeThemeHtml('<script>alert(1)</script>')).toBeUndefined();
  });
});
