import { sanitizeHtml } from './sanitize-html';

/** Longer than this, a "heading" is a clause Word styled as a heading, not a title. */
const CLAUSE_LENGTH = 120;
// "Access and Use. During the Subscription Period ...": the clause's own title before its first full stop.
const LEADING_TITLE = /^(.{1,80}?[.:])(\s[\s\S]*)$/;

/**
 * mammoth's HTML made fit for the preview: sanitized, and a heading that holds a whole clause
 * (contract templates style each clause "Heading 2") shown as a paragraph with its title in bold,
 * so clauses read as paragraphs and not as a page of large titles.
 */
export function previewHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${sanitizeHtml(html)}</body>`, 'text/html');
  for (const heading of doc.body.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const text = heading.textContent ?? '';
    if (text.trim().length <= CLAUSE_LENGTH) continue;
    const paragraph = doc.createElement('p');
    const title = LEADING_TITLE.exec(text.trim());
    const firstChild = heading.firstChild;
    // The title is bolded only when it is plain text at the start (the clause's own markup is kept otherwise).
    if (title?.[1] && firstChild?.nodeType === 3 && (firstChild.textContent ?? '').trimStart().startsWith(title[1])) {
      const strong = doc.createElement('strong');
      strong.textContent = title[1];
      paragraph.append(strong, (firstChild.textContent ?? '').trimStart().slice(title[1].length));
      heading.removeChild(firstChild);
    }
    paragraph.append(...heading.childNodes);
    heading.replaceWith(paragraph);
  }
  return doc.body.innerHTML;
}
