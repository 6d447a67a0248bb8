import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ContractLanguageSchema, ContractTypeSchema, LocalizedLabelSchema, VariableConfigSchema, type VariableConfig } from '@legal/api';
import rawManifest from './manifest.json';

// ---------------------------------------------------------------------------------------------
// The starter standard-form library (issue 17): marked copies of the shared demo contracts
// (contracts/ko, CC0) and of Common Paper (CC BY 4.0) and Bonterms (CC0) templates, built by
// scripts/build-starter-forms.mjs into ./forms. manifest.json describes each form: what it is, where
// its text comes from and under which licence, and its variables (the template configs, in document
// order). The standard-forms module seeds the demo workspace from it (seedContent).
// ---------------------------------------------------------------------------------------------

const LocalizedTextSchema = z.object({ ko: z.string().trim().min(1).max(2000), en: z.string().trim().min(1).max(2000) });

export const StarterSourceSchema = z.object({
  name: z.string().trim().min(1).max(500),
  licence: z.enum(['CC0-1.0', 'CC-BY-4.0']).describe('SPDX identifier'),
  url: z.url().nullable(),
  attribution: z.string().trim().min(1).max(2000).describe('Shown with the form: the licensor\'s attribution and a note of the changes made'),
});
export type StarterSource = z.infer<typeof StarterSourceSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Problems of one variable's default value for its type (the engine validates values the same way). */
function defaultProblem(v: VariableConfig): string | null {
  if (v.defaultValue === null) return null;
  switch (v.type) {
    case 'OPTIONAL_CLAUSE': return v.defaultValue === 'true' || v.defaultValue === 'false' ? null : 'an optional clause defaults to "true" or "false"';
    case 'DATE': return ISO_DATE.test(v.defaultValue) ? null : 'a date default is YYYY-MM-DD';
    case 'AMOUNT':
    case 'NUMBER': return NUMERIC.test(v.defaultValue) ? null : 'a numeric default';
    case 'CHOICE': return v.options.includes(v.defaultValue) ? null : 'a choice default is one of the options';
    default:
      if (v.maxLength !== null && v.defaultValue.length > v.maxLength) return 'the default is longer than maxLength';
      if (v.pattern !== null && !new RegExp(v.pattern, 'u').test(v.defaultValue)) return 'the default does not match the pattern';
      return null;
  }
}

export const StarterFormSchema = z
  .object({
    key: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a slug').max(100).describe('Stable identity of the starter form (idempotent seeding)'),
    file: z.string().regex(/^forms\/[a-z0-9-]+\.docx$/, 'forms/<name>.docx'),
    title: LocalizedLabelSchema,
    description: LocalizedTextSchema,
    contractType: ContractTypeSchema,
    language: ContractLanguageSchema,
    categoryType: z.string().trim().min(1).max(50),
    source: StarterSourceSchema,
    variables: z.array(VariableConfigSchema).min(1),
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    const mapped = new Set<string>();
    form.variables.forEach((v, i) => {
      const at = (field: string) => ['variables', i, field];
      if (seen.has(v.key)) ctx.addIssue({ code: 'custom', path: at('key'), message: `${v.key} declared twice` });
      seen.add(v.key);
      if (v.order !== i) ctx.addIssue({ code: 'custom', path: at('order'), message: `order ${v.order} at position ${i}: variables are listed in document order, numbered from 0` });
      if (v.mapsTo) {
        if (mapped.has(v.mapsTo)) ctx.addIssue({ code: 'custom', path: at('mapsTo'), message: `${v.mapsTo} is filled by another variable too` });
        mapped.add(v.mapsTo);
      }
      if (v.type === 'CHOICE' && v.options.length < 2) ctx.addIssue({ code: 'custom', path: at('options'), message: 'a choice needs at least two options' });
      if (v.type === 'OPTIONAL_CLAUSE' && v.required) ctx.addIssue({ code: 'custom', path: at('required'), message: 'an optional clause is a checkbox, never required' });
      if (v.pattern !== null) {
        try {
          new RegExp(v.pattern, 'u');
        } catch {
          ctx.addIssue({ code: 'custom', path: at('pattern'), message: 'not a regular expression' });
          return;
        }
      }
      const problem = defaultProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', path: at('defaultValue'), message: problem });
    });
  });
export type StarterForm = z.infer<typeof StarterFormSchema>;

export const StarterManifestSchema = z
  .object({ $comment: z.string().optional(), forms: z.array(StarterFormSchema).min(1) })
  .superRefine((manifest, ctx) => {
    const keys = new Set<string>();
    const files = new Set<string>();
    manifest.forms.forEach((form, i) => {
      if (keys.has(form.key)) ctx.addIssue({ code: 'custom', path: ['forms', i, 'key'], message: `${form.key} listed twice` });
      if (files.has(form.file)) ctx.addIssue({ code: 'custom', path: ['forms', i, 'file'], message: `${form.file} listed twice` });
      keys.add(form.key);
      files.add(form.file);
    });
  });
export type StarterManifest = z.infer<typeof StarterManifestSchema>;

/** Parses a manifest; throws with every problem named (path: message). */
export function parseStarterManifest(raw: unknown): StarterManifest {
  const parsed = StarterManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`starter manifest invalid:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

let cached: StarterManifest | null = null;

/** The starter forms, validated (once). */
export function starterForms(): StarterForm[] {
  cached ??= parseStarterManifest(rawManifest);
  return cached.forms;
}

/** The starter form with this key, or null. */
export function findStarterForm(key: string): StarterForm | null {
  return starterForms().find((form) => form.key === key) ?? null;
}

/**
 * The folder holding manifest.json and forms/, found from this file in the sources (tsx, vitest) and
 * from the bundle (apps/server/dist/main.js); null when absent.
 */
export function findStarterFolder(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  const tail = path.join('modules', 'standard-forms', 'starter');
  for (let i = 0; i < 8; i++) {
    for (const candidate of [dir, path.join(dir, 'src', tail), path.join(dir, 'apps', 'server', 'src', tail)]) {
      if (fs.existsSync(path.join(candidate, 'manifest.json')) && fs.existsSync(path.join(candidate, 'forms'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  return null;
}

/** The DOCX bytes of a starter form; throws when the file is missing (a broken checkout, not a user error). */
export function readStarterFormFile(form: Pick<StarterForm, 'file'>, folder: string | null = findStarterFolder()): Buffer {
  if (!folder) throw new Error('starter form folder not found (apps/server/src/modules/standard-forms/starter)');
  return fs.readFileSync(path.join(folder, form.file));
}

/** The file name a starter form's template is stored under (the last segment of `file`). */
export function starterFileName(form: Pick<StarterForm, 'file'>): string {
  return path.posix.basename(form.file);
}
