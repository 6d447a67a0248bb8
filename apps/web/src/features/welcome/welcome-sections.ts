/** The product areas of spec section 1, in the order the welcome page presents them. */
export const WELCOME_SECTIONS = [
  { id: 'aiReview', anchor: 'ai-review' },
  { id: 'legalResearch', anchor: 'legal-research' },
  { id: 'contracts', anchor: 'contracts' },
  { id: 'standardForms', anchor: 'standard-forms' },
  { id: 'litigation', anchor: 'litigation' },
  { id: 'signing', anchor: 'signing' },
  { id: 'administration', anchor: 'administration' },
  { id: 'superAdmin', anchor: 'super-admin' },
] as const;

export type WelcomeSectionId = (typeof WELCOME_SECTIONS)[number]['id'];

export function welcomeSectionAnchor(id: WelcomeSectionId): string {
  return WELCOME_SECTIONS.find((s) => s.id === id)!.anchor;
}
