/** The navigation variants of spec section 1: one per product area of the signed-in app. */
export const NAV_VARIANTS = ['general', 'admin', 'aiReview', 'contractManagement', 'eContract', 'superAdmin'] as const;
export type NavVariant = (typeof NAV_VARIANTS)[number];

export function isNavVariant(value: unknown): value is NavVariant {
  return typeof value === 'string' && (NAV_VARIANTS as readonly string[]).includes(value);
}
