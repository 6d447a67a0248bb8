const UNSAFE_ELEMENTS = 'script, iframe, object, embed, link, meta, style, base, form';
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction'];
const SAFE_DATA_URL = /^data:image\/(png|jpe?g|gif|bmp|webp);/i;

function isUnsafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside the scheme.
  const compact = [...value]
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();
  if (compact.startsWith('javascript:') || compact.startsWith('vbscript:')) return true;
  return compact.startsWith('data:') && !SAFE_DATA_URL.test(compact);
}

/**
 * Cleans converted document HTML (mammoth output) before it is shown: drops active elements,
 * every `on*` attribute and `javascript:`-like URLs. Parsed with DOMParser, which runs nothing.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll(UNSAFE_ELEMENTS).forEach((element) => element.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc' || (URL_ATTRIBUTES.includes(name) && isUnsafeUrl(attribute.value))) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === 'A') {
      element.setAttribute('rel', 'noopener noreferrer');
      element.setAttribute('target', '_blank');
    }
  });
  return doc.body.innerHTML;
}
