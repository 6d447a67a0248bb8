/** What the theme puts into <head>: its font style sheets and the favicon. */
export const DEFAULT_FAVICON = '/favicon.svg';
const FONT_LINK_ATTRIBUTE = 'data-theme-font';
const FAVICON_ATTRIBUTE = 'data-app-favicon';

/**
 * Asset addresses from a theme are data we did not write: only http(s) (absolute or relative)
 * and, where an image is expected, data:image URLs are used.
 */
export function isSafeAssetUrl(url: string, { allowDataImage = false } = {}): boolean {
  const trimmed = url.trim();
  if (trimmed === '') return false;
  if (allowDataImage && /^data:image\/(png|gif|jpeg|webp|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i.test(trimmed)) return true;
  try {
    const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
    const { protocol } = new URL(trimmed, base);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function applyFontLinks(doc: Document, urls: readonly string[]): void {
  const wanted = new Set(urls.filter((url) => isSafeAssetUrl(url)));
  for (const link of Array.from(doc.head.querySelectorAll<HTMLLinkElement>(`link[${FONT_LINK_ATTRIBUTE}]`))) {
    const href = link.getAttribute('href') ?? '';
    if (wanted.has(href)) wanted.delete(href);
    else link.remove();
  }
  for (const href of wanted) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.setAttribute(FONT_LINK_ATTRIBUTE, '');
    doc.head.appendChild(link);
  }
}

export function applyFavicon(doc: Document, href: string | undefined): void {
  const target = href && isSafeAssetUrl(href, { allowDataImage: true }) ? href : DEFAULT_FAVICON;
  let link = doc.head.querySelector<HTMLLinkElement>(`link[${FAVICON_ATTRIBUTE}]`);
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'icon';
    link.setAttribute(FAVICON_ATTRIBUTE, '');
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== target) link.setAttribute('href', target);
  if (/\.svg(\?|#|$)|^data:image\/svg\+xml/i.test(target)) link.type = 'image/svg+xml';
  else link.removeAttribute('type');
}
