import sanitizeHtml from 'sanitize-html';

/** Inline images may only be raster data (an SVG or HTML data URL can carry script). */
const SAFE_DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,/i;

/**
 * Images load by themselves, with the viewer's cookies: only absolute https addresses or raster
 * data, never a relative address that would call the app's own API.
 */
function isSafeImageSource(src: string | undefined): boolean {
  const value = src?.trim() ?? '';
  return /^https:\/\/[^/]/i.test(value) || SAFE_DATA_IMAGE.test(value);
}

/**
 * An allow-list: the markup a welcome panel or a sidebar footer needs (text, headings, lists,
 * links, images). Everything else goes: scripts and styles with their content, event handlers,
 * `style` attributes, frames, forms, and any URL that is not http(s), mailto or tel (images:
 * https or raster data).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'div',
    'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'svg', 'math'],
  transformTags: {
    // A link that opens elsewhere must not reach back into the app (window.opener).
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageSource(frame.attribs.src),
};

/** Cleans admin-written HTML before it is stored; empty results become undefined (nothing to show). */
export function sanitizeThemeHtml(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? undefined : clean;
}
