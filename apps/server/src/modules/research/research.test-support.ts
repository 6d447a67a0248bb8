/** Helpers for the research tests (not a test file itself). */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChatQueryDone, ChatQueryDoneSchema, type StatuteKind } from '@legal/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { TestApp } from '../../test/harness';
import { newWorkspace } from '../auth/auth.test-support';
import { person, type Person, type Workspace } from '../contracts/contracts.test-support';
import { ensureStatute, lawArticles, lawIndex, lawStatutes, parseStatute } from '../law';
import { type DocumentMention, researchCollectionDocuments } from './collections/collections.table';
import { indexVersion } from './passage-index';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Imports shipped statutes (by folder and kind) and indexes their passages: only what a test reads. */
export async function indexShipped(db: Db, statutes: ReadonlyArray<[folder: string, kind?: '법률' | '시행령' | '시행규칙']>): Promise<void> {
  for (const [folder, kind = '법률'] of statutes) {
    const entry = lawIndex().entries.find((e) => e.folder === folder && e.kind === kind);
    if (!entry) throw new Error(`no shipped statute ${folder} ${kind}`);
    await ensureStatute(db, entry);
    await indexVersion(db, entry.lawSerialNumber);
  }
}

/** Indexes a stored statute version (one the test imported itself, e.g. from the history corpus). */
export async function indexStored(db: Db, lawSerialNumber: string): Promise<void> {
  await indexVersion(db, lawSerialNumber);
}

/**
 * Stores a statute version from a file in testdata/ as one more version row of its 법령ID, as the
 * history import stores versions, and indexes it; answers its 법령MST.
 */
async function storeTestdataVersion(db: Db, file: string, compactTitle: string, kind: StatuteKind): Promise<string> {
  const parsed = parseStatute(fs.readFileSync(path.join(here, 'testdata', file), 'utf8'));
  const mst = parsed.meta.lawSerialNumber;
  const existing = await db.select({ mst: lawStatutes.lawSerialNumber }).from(lawStatutes);
  if (!existing.some((r) => r.mst === mst)) {
    await db.transaction(async (tx) => {
      await tx.insert(lawStatutes).values({
        lawSerialNumber: mst, lawId: parsed.meta.lawId, title: parsed.meta.title, compactTitle, kind, lawType: parsed.meta.lawType,
        effectiveDate: parsed.meta.effectiveDate, promulgationDate: parsed.meta.promulgationDate, promulgationNumber: parsed.meta.promulgationNumber,
        status: parsed.meta.status, articleCount: parsed.articles.length,
      });
      await tx.insert(lawArticles).values(parsed.articles.map((a, ordinal) => ({
        lawSerialNumber: mst, ordinal, articleKey: a.key, number: a.number, branch: a.branch, title: a.title, text: a.text, paragraphs: a.paragraphs,
        isDeleted: a.isDeleted, isAddendum: a.isAddendum,
      })));
    });
  }
  await indexVersion(db, mst);
  return mst;
}

/**
 * An earlier version of 민법 (법령MST 93194, in force 2009-08-09 to 2013-06-30), from the history
 * corpus (/work/shared/data/law history/민법/법률/2009-08-09_93194.md), cut after 제21조 to keep tests
 * fast: 제4조 then read "만20세로 성년이 된다", and 제14조의2 (특정후견, added in 2013) did not exist.
 */
export function storeCivilCode2009(db: Db): Promise<string> {
  return storeTestdataVersion(db, '민법-2009-08-09-93194-excerpt.md', '민법', '법률');
}

/**
 * A CONSTRUCTED version of 근로기준법 시행규칙 (not a real one: 법령MST 900001 does not exist), under
 * the real rule's 법령ID and in force from 2025-02-23 like the shipped one. Its 제7조의3 implements
 * 시행령 제23조의10 ("영 제23조의10에 따른"), which implements 법 제43조의6: no shipped rule article
 * reaches a changed Act article only through its decree, and the alerts' rule → decree → Act path
 * needs one.
 */
export function storeConstructedLabourRule(db: Db): Promise<string> {
  return storeTestdataVersion(db, '근로기준법-시행규칙-constructed.md', '근로기준법시행규칙', '시행규칙');
}

/** The `done` event of a streamed chat answer (chats/query/v3), parsed. */
export function doneEvent(body: string): ChatQueryDone {
  const last = body.split('\n\n').filter((b) => b.trim()).at(-1) ?? '';
  if (!last.includes('event: done')) throw new Error(`no done event in: ${body.slice(0, 500)}`);
  return ChatQueryDoneSchema.parse(JSON.parse(/^data: (.*)$/m.exec(last)![1]!));
}

/** A super admin points a workspace's AI provider at the OpenAI stand-in (the model tests' provider; a chat model unless other models are named). */
export async function useOpenAiStandIn(
  t: TestApp, superCookie: string, ws: { tenantId: number; workspaceId: number }, baseUrl: string,
  models: { chatModel?: string | null; embeddingModel?: string | null } = { chatModel: 'stand-in-model' },
): Promise<void> {
  await setWorkspaceAi(t, superCookie, ws, { driver: 'OPENAI_COMPATIBLE', baseUrl, ...models, apiKey: 'sk-stand-in-key-0123456789' });
}

/** A super admin sets a workspace's AI provider override (driver BUILT_IN: no model, whatever the server's). */
export async function setWorkspaceAi(t: TestApp, superCookie: string, ws: { tenantId: number; workspaceId: number }, config: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT', url: '/api/aireview/super-admin/workspace-ai-configs/v1', headers: { cookie: superCookie },
    payload: { tenantId: ws.tenantId, workspaceId: ws.workspaceId, ...config },
  });
  if (res.statusCode !== 200) throw new Error(`the AI configuration was refused: ${res.body}`);
}

/**
 * Axes of meaning the test embedding model knows: a text holding a strong phrase of an axis points
 * along it; a weak phrase only leans towards it.
 */
export const TEST_CONCEPTS: ReadonlyArray<{ strong: readonly string[]; weak: readonly string[] }> = [
  { strong: ['이자의 최고한도', '금리 상한선'], weak: ['대출 비용'] },
];
const NOISE_DIMENSIONS = 32;
const STRONG = 4;
const WEAK = 1;

/**
 * A deterministic embedding for tests: a unit "noise" part drawn from the text's sha256 (unrelated
 * texts come out nearly orthogonal: cosines within about ±0.4) and, per axis of TEST_CONCEPTS, a
 * component when the text holds one of its phrases. Two texts strong on one axis have a cosine
 * near 0.94 whatever their words (synonyms, as a real model would see them); weak against strong,
 * near 0.69.
 */
export function conceptVector(text: string): number[] {
  const hash = createHash('sha256').update(text).digest();
  const noise = [...hash.subarray(0, NOISE_DIMENSIONS)].map((b) => b / 127.5 - 1);
  const norm = Math.sqrt(noise.reduce((s, v) => s + v * v, 0));
  const axis = (c: (typeof TEST_CONCEPTS)[number]) => (c.strong.some((p) => text.includes(p)) ? STRONG : c.weak.some((p) => text.includes(p)) ? WEAK : 0);
  return [...noise.map((v) => v / norm), ...TEST_CONCEPTS.map(axis)];
}

/** What a collection document's text cites by name, as stored at indexing (null: not read yet). */
export async function storedDocumentMentions(db: Db, documentId: number): Promise<DocumentMention[] | null> {
  const [row] = await db.select({ mentions: researchCollectionDocuments.statuteMentions }).from(researchCollectionDocuments).where(eq(researchCollectionDocuments.id, documentId));
  return row?.mentions ?? null;
}

/** Forgets what a document cites, as a document indexed before the mentions were read at indexing is stored. */
export async function forgetDocumentMentions(db: Db, documentId: number): Promise<void> {
  await db.update(researchCollectionDocuments).set({ statuteMentions: null }).where(eq(researchCollectionDocuments.id, documentId));
}

export interface ResearchTeams {
  ws: Workspace;
  other: Workspace;
  /** Research users of `ws`. */
  owner: Person;
  colleague: Person;
  /** A member of `ws` without research use. */
  reader: Person;
  /** A research user of `other`. */
  stranger: Person;
}

/** Two workspaces with AI Studio: an owner, a colleague and a reader in one, a stranger in the other. */
export async function researchTeams(t: TestApp): Promise<ResearchTeams> {
  const ws = await newWorkspace(t, { products: ['AI_STUDIO'] });
  const other = await newWorkspace(t, { products: ['AI_STUDIO'] });
  return {
    ws, other,
    owner: await person(t, ws, ['GENERAL_MEMBER'], '김민준'),
    colleague: await person(t, ws, ['GENERAL_MEMBER'], '이서연'),
    reader: await person(t, ws, ['READER'], '박열람'),
    stranger: await person(t, other, ['GENERAL_MEMBER'], '최타사'),
  };
}
