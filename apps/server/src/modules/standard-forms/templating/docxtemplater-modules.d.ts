/**
 * The built-in docxtemplater modules the HWPX file type is assembled from (hwpx-xml.ts). They ship
 * no types; each file exports a factory of a module object. Only what hwpx-xml.ts touches is typed.
 */
declare module 'docxtemplater/js/modules/loop.js' {
  const createModule: () => object;
  export default createModule;
}
declare module 'docxtemplater/js/modules/expand-pair-trait.js' {
  const createModule: () => object;
  export default createModule;
}
declare module 'docxtemplater/js/modules/rawxml.js' {
  const createModule: () => object;
  export default createModule;
}
declare module 'docxtemplater/js/modules/render.js' {
  const createModule: () => { name: string; render(part: unknown, options: Record<string, unknown>): { value?: unknown; errors?: unknown[] } | undefined };
  export default createModule;
}
