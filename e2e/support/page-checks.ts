import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2.x A/AA rules) on the pages a new user meets first: no serious or critical
 * violation. Each page is checked once it has drawn its content (not its loading state).
 */
export async function expectNoSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `${name}:\n${serious.join('\n')}`).toEqual([]);
}

/**
 * Tables and badges at the widths people work at, in Korean and English: every header cell is at
 * least as wide as its label (no label cut or broken one character per line) and no badge is cut.
 */
export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;

export interface Cut {
  what: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Header cells and badges whose content does not fit, and header labels broken onto more lines than their words. */
export async function cutsOn(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const cuts: Array<{ what: string; text: string; scrollWidth: number; clientWidth: number }> = [];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().width > 0;
    for (const th of document.querySelectorAll('main th')) {
      if (!visible(th)) continue;
      const text = (th.textContent ?? '').trim();
      if (!text) continue;
      const cell = th as HTMLElement;
      // Every box inside the header (the label, its sort group) must fit as well as the cell itself.
      const boxes = [cell, ...cell.querySelectorAll<HTMLElement>('*')];
      for (const box of boxes) {
        // A 1-pixel clipped box is text for screen readers only (VisuallyHidden), not a cut label.
        if (box.clientWidth <= 1) continue;
        if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
          cuts.push({ what: 'header', text, scrollWidth: box.scrollWidth, clientWidth: box.clientWidth });
          break;
        }
      }
      // One line per header: a label squeezed to one character per line is several lines tall.
      const tops = new Set<number>();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 1) tops.add(Math.round(rect.top / 4));
      }
      if (tops.size > 1) cuts.push({ what: 'header lines', text, scrollWidth: tops.size, clientWidth: 1 });
    }
    for (const badge of document.querySelectorAll<HTMLElement>('main .mantine-Badge-root')) {
      if (!visible(badge)) continue;
      const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
      if (label.scrollWidth > label.clientWidth + 1 || badge.scrollWidth > badge.clientWidth + 1) {
        cuts.push({ what: 'badge', text: (badge.textContent ?? '').trim(), scrollWidth: label.scrollWidth, clientWidth: label.clientWidth });
      }
      if (getComputedStyle(badge).textTransform === 'uppercase') cuts.push({ what: 'all-caps badge', text: (badge.textContent ?? '').trim(), scrollWidth: 0, clientWidth: 0 });
    }
    return cuts;
  });
}
