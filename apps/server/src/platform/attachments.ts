import { and, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import type { RequestContext, TenantScope } from './http/context';

/**
 * "Anything attached to a record is exactly as visible as the record": the modules that own
 * records say, as SQL over a files row, who may read (and change) what a file is attached to, and
 * the files module applies the union of those rules in its one query for reading a file and in its
 * list. Platform code: it knows no module, only the rules they register.
 *
 * A file is attached in two ways: its own `reference_type`/`reference_id` (one record: a
 * contract's main document, a notice's attachment), or a link table the owner keeps (a file may
 * be attached to several records: contract files, bulk registration sheets). A file is:
 * - free (files permissions alone) when it has no reference and no link holds it;
 * - readable when any record it is attached to is readable;
 * - writable through the files routes only when it is readable and every record it is attached
 *   to allows the caller to change it (the owner's edit rule, which may be stricter);
 * - locked while a record it is attached to is in a state that lets nobody change it (a contract
 *   under approval or signing): the files routes then refuse a change with 409, as the owner's
 *   own routes do, rather than 403, because the caller may change it again once the state ends.
 * A `reference_type` that no module registered is attached to something nobody can vouch for:
 * not visible (fail closed).
 */

/** Who reads: the request, its verified tenant scope and the executor to load what a rule needs (groups...). */
export interface AttachmentReader {
  ctx: RequestContext;
  scope: TenantScope;
  db: Db | Tx;
}

type Predicate = SQL | Promise<SQL>;

/** A record a file is attached to, as shown to a reader who may read it (`type` as the owner names it, `label` its title). */
export interface AttachedRecord {
  type: string;
  id: string;
  label: string;
}

/** One `reference_type` and its rule over the files row's `reference_id` (text). */
export interface ReferenceRule {
  referenceType: string;
  /** True when the reader may read the record `referenceId` names. */
  readableWhere(reader: AttachmentReader, referenceId: SQLWrapper): Predicate;
  /** True when the reader may change the file through the files routes; defaults to readableWhere. */
  writableWhere?(reader: AttachmentReader, referenceId: SQLWrapper): Predicate;
  /** True when the record's state forbids changing its files for now, whoever asks; never locked when absent. */
  lockedWhere?(reader: AttachmentReader, referenceId: SQLWrapper): Predicate;
  /**
   * What the files screen shows of the records among `referenceIds`: only those the reader may
   * read (the readableWhere rule); a record left out is never named, not even by its title.
   */
  describe(reader: AttachmentReader, referenceIds: readonly string[]): Promise<Array<{ referenceId: string; record: AttachedRecord }>>;
}

/** A link table of an owning module that attaches files (by key) to its records, maybe to several. */
export interface LinkRule {
  /** Names the rule (one registration per name). */
  name: string;
  /** True when some record of the scope holds the file. */
  attachedWhere(scope: TenantScope, fileKey: SQLWrapper): SQL;
  /** True when some record holding the file is readable by the reader. */
  readableWhere(reader: AttachmentReader, fileKey: SQLWrapper): Predicate;
  /** True when every record holding the file lets the reader change it (true when none holds it). */
  writableWhere(reader: AttachmentReader, fileKey: SQLWrapper): Predicate;
  /** True when some record holding the file is in a state that forbids changing it for now; never locked when absent. */
  lockedWhere?(reader: AttachmentReader, fileKey: SQLWrapper): Predicate;
  /** The records holding any of `fileKeys` that the reader may read (readableWhere), one row per file and record. */
  describe(reader: AttachmentReader, fileKeys: readonly string[]): Promise<Array<{ fileKey: string; record: AttachedRecord }>>;
}

/** The columns of the files row the predicates are written over. */
export interface AttachedFileColumns {
  fileKey: SQLWrapper;
  referenceType: SQLWrapper;
  referenceId: SQLWrapper;
}

/** Where a reader's files are: the conditions apply to the files row (and its scope). */
export interface AttachmentAccess {
  readable: SQL;
  writable: SQL;
  /** Some record it is attached to forbids changes for now (409 rather than 403). */
  locked: SQL;
  /** It is attached to something (a reference, or a link of the scope), whoever may read it. */
  attached: SQL;
}

/** A rule's answer as a strict boolean: NULL (an unknown group, say) never counts as allowed. */
const strictly = (predicate: SQL) => sql`coalesce((${predicate}), false)`;

/** Reference ids are text; records have bigint ids. Anything but a plain number matches nothing (and never fails a cast). */
export function referencedId(referenceId: SQLWrapper): SQL {
  return sql`(case when ${referenceId} ~ '^[0-9]{1,18}$' then ${referenceId}::bigint end)`;
}

/** The rules of every module, from their manifests' `attachments` at start-up (createServices). */
export class AttachmentRegistry {
  private readonly references = new Map<string, ReferenceRule>();
  private readonly links = new Map<string, LinkRule>();

  /** A rule per reference type; registering the same type again replaces it (an app built twice on one set of services). */
  registerReference(rule: ReferenceRule): void {
    this.references.set(rule.referenceType, rule);
  }

  registerLink(rule: LinkRule): void {
    this.links.set(rule.name, rule);
  }

  get referenceTypes(): string[] {
    return [...this.references.keys()];
  }

  /** The reader's access to a files row, as conditions over its columns (to AND into a WHERE or select as flags). */
  async accessOf(reader: AttachmentReader, file: AttachedFileColumns): Promise<AttachmentAccess> {
    const references = [...this.references.values()];
    const links = [...this.links.values()];
    const [readable, writeRefs, writeLinks, lockedRefs, lockedLinks] = await Promise.all([
      this.readableOf(reader, file),
      Promise.all(
        references.map(async (r) => sql`(${file.referenceType} = ${r.referenceType} and ${strictly(await (r.writableWhere ?? r.readableWhere)(reader, file.referenceId))})`),
      ),
      Promise.all(links.map(async (l) => strictly(await l.writableWhere(reader, file.fileKey)))),
      Promise.all(
        references.filter((r) => r.lockedWhere).map(async (r) => sql`(${file.referenceType} = ${r.referenceType} and ${strictly(await r.lockedWhere!(reader, file.referenceId))})`),
      ),
      Promise.all(links.filter((l) => l.lockedWhere).map(async (l) => strictly(await l.lockedWhere!(reader, file.fileKey)))),
    ]);
    const ownReference = or(sql`${file.referenceType} is null`, ...writeRefs)!;
    const writable = and(readable, ownReference, ...writeLinks)!;
    const locked = or(sql`false`, ...lockedRefs, ...lockedLinks)!;
    return { readable, writable: sql`(${writable})`, locked: sql`(${locked})`, attached: this.attachedWhere(reader.scope, file) };
  }

  /**
   * `accessOf(...).readable` alone: where only reading is asked (a record as visible as its file),
   * building the write and lock rules too cost as much again for nothing (issue 15: the polls of
   * ten open reviews).
   */
  async readableOf(reader: AttachmentReader, file: AttachedFileColumns): Promise<SQL> {
    const [readRefs, readLinks] = await Promise.all([
      Promise.all([...this.references.values()].map(async (r) => sql`(${file.referenceType} = ${r.referenceType} and ${strictly(await r.readableWhere(reader, file.referenceId))})`)),
      Promise.all([...this.links.values()].map(async (l) => strictly(await l.readableWhere(reader, file.fileKey)))),
    ]);
    const isFree = not(this.attachedWhere(reader.scope, file));
    return sql`(${or(isFree, ...readRefs, ...readLinks)!})`;
  }

  /** True when the files row is attached to something in the scope: a reference, or a link table holding its key. */
  attachedWhere(scope: TenantScope, file: AttachedFileColumns): SQL {
    const linked = [...this.links.values()].map((l) => l.attachedWhere(scope, file.fileKey));
    return sql`(${or(sql`${file.referenceType} is not null`, ...linked)!})`;
  }

  /**
   * What each of `files` is attached to, as the reader may see it: the records the owning modules'
   * rules let the reader read, per file key (a file with none readable, or free, maps to []).
   * A reference type nobody registered names nothing.
   */
  async describe(
    reader: AttachmentReader,
    attached: ReadonlyArray<{ fileKey: string; referenceType: string | null; referenceId: string | null }>,
  ): Promise<Map<string, AttachedRecord[]>> {
    const result = new Map<string, AttachedRecord[]>(attached.map((f) => [f.fileKey, []]));
    if (attached.length === 0) return result;
    const add = (fileKey: string, record: AttachedRecord) => {
      const list = result.get(fileKey);
      if (list && !list.some((r) => r.type === record.type && r.id === record.id)) list.push(record);
    };
    const fileKeys = attached.map((f) => f.fileKey);
    await Promise.all([
      ...[...this.references.values()].map(async (rule) => {
        const own = attached.filter((f) => f.referenceType === rule.referenceType && f.referenceId !== null);
        if (own.length === 0) return;
        const described = await rule.describe(reader, [...new Set(own.map((f) => f.referenceId!))]);
        for (const f of own) for (const d of described) if (d.referenceId === f.referenceId) add(f.fileKey, d.record);
      }),
      ...[...this.links.values()].map(async (rule) => {
        for (const d of await rule.describe(reader, fileKeys)) add(d.fileKey, d.record);
      }),
    ]);
    for (const list of result.values()) list.sort((a, b) => a.type.localeCompare(b.type) || Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
    return result;
  }
}
