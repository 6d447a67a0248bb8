import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own lint configuration (what `npm run lint` runs), on code placed where it would break the rule.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'legal/module-boundaries').map((m) => m.message);
}

describe('module boundaries (lint rule legal/module-boundaries)', () => {
  it('fails a platform file that imports a module, or the composition root', async () => {
    expect(await boundaryErrors('apps/server/src/platform/http/probe.ts', "import { contractsModule } from '../../modules/contracts';\nexport const m = contractsModule;\n")).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/platform/probe.ts', "import { MODULES } from '../modules';\nexport const m = MODULES;\n")).toHaveLength(1);
  });

  it("fails a module that imports another module's file instead of its index.ts", async () => {
    const errors = await boundaryErrors('apps/server/src/modules/contracts/probe.ts', "import { findFile } from '../files/files.repo';\nexport const f = findFile;\n");
    expect(errors).toEqual([expect.stringContaining("through its index.ts ('../files')")]);
    expect(await boundaryErrors('apps/server/src/modules/contracts/probe.ts', "export { files } from '../files/files.table';\n")).toHaveLength(1);
  });

  it("allows another module's index, the module's own files, the config, and test support in tests", async () => {
    expect(await boundaryErrors('apps/server/src/modules/contracts/probe.ts', "import { findFile } from '../files';\nimport { contractsModule } from '.';\nexport const f = [findFile, contractsModule];\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/platform/probe.ts', "import { loadConfig } from '../config';\nexport const c = loadConfig;\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/contracts/probe.test.ts', "import { signIn } from '../auth/auth.test-support';\nexport const s = signIn;\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/contracts/probe.ts', "import { signIn } from '../auth/auth.test-support';\nexport const s = signIn;\n")).toHaveLength(1);
  });
});

describe('the module graph', () => {
  it('has no import cycle between platform and the modules, nor among the modules (tests aside)', async () => {
    const fs = await import('node:fs');
    const src = path.resolve(import.meta.dirname, '..');
    const areaOf = (file: string) => {
      const [top, name] = path.relative(src, file).split(path.sep);
      return top === 'platform' ? 'platform' : top === 'modules' ? name : null;
    };
    const edges = new Map<string, Set<string>>();
    for (const entry of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      const from = areaOf(file);
      if (!entry.isFile() || !file.endsWith('.ts') || /\.test(-support)?\.ts$|test-fixtures|\.test-provider/.test(file) || !from) continue;
      for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s(?!type\b)[^;]*?from\s+'(\.[^']+)'/gm)) {
        const to = areaOf(path.resolve(path.dirname(file), spec!));
        if (to && to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) return void cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
      for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(edges.get('platform') ?? new Set()).toEqual(new Set());
    expect(cycles).toEqual([]);
  });
});
