// ESLint rule `legal/module-boundaries`: the server's composition stays one-way.
//   - a file under apps/server/src/platform/ imports nothing from modules/ (nor the composition root);
//   - a file under modules/<a>/ reaches another module <b> only through modules/<b>/index.ts;
//     tests may also use another module's test support (`*.test-support.ts`, test fixtures).
// The composition root (src/app.ts, src/modules.ts, src/main.ts, src/test/) may import any module;
// platform tests may use the test harness, which builds the whole application.
import path from 'node:path';

const SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const TEST_SUPPORT = /(\.test-support|\.test-provider|test-fixtures|\.fixtures)(\.ts)?$/;
const TEST_FILE = /\.test(-support)?\.ts$/;
/** The composition root: the files that name every module. */
const COMPOSITION = new Set(['app', 'modules', 'main', 'test/harness']);

/** `{ area: 'platform' | 'module' | 'root', module?, rest? }` of an absolute path under apps/server/src. */
function place(file) {
  const at = file.indexOf(SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SRC.length).split(path.sep);
  if (parts[0] === 'platform') return { area: 'platform' };
  if (parts[0] === 'modules' && parts.length >= 2) {
    return { area: 'module', module: parts[1].replace(/\.ts$/, ''), rest: parts.slice(2).join('/').replace(/\.ts$/, '') };
  }
  return { area: 'root', rest: parts.join('/').replace(/\.ts$/, '') };
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'platform/ imports no module; a module imports another only through its index.ts' },
    messages: {
      platformImportsModule: 'platform/ must not import a module or the composition root ({{target}}): declare what the platform needs in the module manifest instead.',
      deepImport: "Import module '{{module}}' through its index.ts ('{{suggestion}}'), not its file '{{target}}'; export what you need from that index.",
    },
    schema: [],
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const from = place(filename);
    if (!from || from.area === 'root') return {};
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = place(path.resolve(path.dirname(filename), spec));
      if (!target) return;
      if (from.area === 'platform') {
        // config.ts is shared by all; a platform test may build the whole app through the test harness
        // and use the modules' test support.
        const isModule = target.area === 'module' || (target.area === 'root' && COMPOSITION.has(target.rest));
        const isTestHelp = TEST_FILE.test(filename) && (target.area === 'root' ? target.rest.startsWith('test/') : TEST_SUPPORT.test(target.rest));
        if (isModule && !isTestHelp) {
          context.report({ node: node.source, messageId: 'platformImportsModule', data: { target: spec } });
        }
        return;
      }
      if (target.area !== 'module' || target.module === from.module) return;
      if (target.rest === '' || target.rest === 'index') return;
      if (TEST_FILE.test(filename) && TEST_SUPPORT.test(target.rest)) return;
      const suggestion = path.relative(path.dirname(filename), filename.slice(0, filename.indexOf(SRC) + SRC.length) + `modules/${target.module}`).split(path.sep).join('/');
      context.report({ node: node.source, messageId: 'deepImport', data: { module: target.module, target: spec, suggestion } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
  },
};

export const legalPlugin = { rules: { 'module-boundaries': moduleBoundaries } };
