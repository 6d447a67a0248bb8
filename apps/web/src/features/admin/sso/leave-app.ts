/**
 * Full-page navigation to another site (the SSO provider). An object, so tests can replace the
 * navigation (jsdom cannot leave the page).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
