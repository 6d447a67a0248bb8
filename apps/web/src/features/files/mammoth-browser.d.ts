// The browser build of mammoth (a UMD bundle without its own typings).
declare module 'mammoth/mammoth.browser.min.js' {
  export interface MammothResult {
    value: string;
    messages: Array<{ type: string; message: string }>;
  }
  export function convertToHtml(input: { arrayBuffer: ArrayBuffer }): Promise<MammothResult>;
}
