/** The tabs of an open statute in the browser. */
export const BROWSER_TABS = ['articles', 'history', 'hierarchy'] as const;
export type BrowserTab = (typeof BROWSER_TABS)[number];

/** Opens a version in the browser, at an article and on a tab when given. */
export type OpenArticle = (target: { lawSerialNumber: string; article?: string | null; tab?: BrowserTab }) => void;
