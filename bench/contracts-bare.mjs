// The bare baseline of bench/contracts.mjs: Fastify + pg and no app code, answering
// POST /page-search?page&size&sort with the same statements the app's page-search v4 runs for the
// benchmark's requests, in the same order and concurrency (captured from the PostgreSQL log with
// BENCH_CONTRACTS_LOG_SQL=1): the session lookup, the membership with its roles' and group roles'
// permissions, then the page with its total (one statement with a keyword, else the page and the count together), then owner names, group names
// and the caller's bookmarks together. It handles only what the benchmark sends (keyword, the
// filters of the benchmark's filter request, sort by one field) and only the GENERAL_MEMBER read
// rule (owner, watcher, related user: reader_user_ids); it skips validation, the envelope's i18n and the hooks.
// Pool size 10, as the app's.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'legal-bench-bare' });
const app = Fastify({ logger: false });

const SESSION_SQL = `SELECT s.id, s.user_id, s.kind, s.access_expires_at, s.absolute_expires_at, s.last_seen_at, s.idle_timeout_seconds,
            s.revoked_at, s.impersonator_user_id, u.status, u.password_expires_at, (sa.user_id IS NOT NULL) AS is_super_admin
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN super_admins sa ON sa.user_id = s.user_id
      WHERE s.access_token_hash = $1`;
const MEMBERSHIP_SQL = `SELECT m.id, array(
              SELECT unnest(r.permissions) FROM membership_roles mr
                JOIN roles r ON r.tenant_id = $1 AND r.workspace_id = $2 AND r.id = mr.role_id
               WHERE mr.tenant_id = $1 AND mr.workspace_id = $2 AND mr.membership_id = m.id
              UNION
              SELECT unnest(r.permissions) FROM group_members gm
                JOIN group_roles gr ON gr.tenant_id = $1 AND gr.workspace_id = $2 AND gr.group_id = gm.group_id
                JOIN roles r ON r.tenant_id = $1 AND r.workspace_id = $2 AND r.id = gr.role_id
               WHERE gm.tenant_id = $1 AND gm.workspace_id = $2 AND gm.membership_id = m.id
            ) AS permissions
       FROM memberships m
       JOIN workspaces w ON w.id = m.workspace_id AND w.tenant_id = m.tenant_id AND w.deleted_at IS NULL
      WHERE m.tenant_id = $1 AND m.workspace_id = $2 AND m.user_id = $3 AND m.status = 'ACTIVE'`;
const COLUMNS = `"id", "title", "contract_type", "status", "counterparty_names", "hashtag_names", "owner_user_id", "group_id", "signed_date", "start_date", "end_date", "amount", "currency", "created_at", "updated_at"`;
const QUALIFIED = COLUMNS.split(', ').map((c) => `"contracts".${c}`).join(', ');
const SORTS = { createdAt: 'created_at', updatedAt: 'updated_at', title: 'title', contractType: 'contract_type', status: 'status', signedDate: 'signed_date', startDate: 'start_date', endDate: 'end_date', amount: 'amount' };

/** The WHERE of contract-search.repo.ts searchConditions for the benchmark's bodies, parameter for parameter. */
function whereOf(t, w, userId, body, params) {
  const p = (v) => {
    params.push(v);
    return `$${params.length}`;
  };
  const scope = (table) => `("${table}"."tenant_id" = ${p(t)} and "${table}"."workspace_id" = ${p(w)})`;
  const parts = [scope('contracts'), `"contracts"."deleted_at" is null`];
  parts.push(`"contracts"."reader_user_ids" @> array[${p(userId)}]::bigint[]`);
  const tokens = body.keyword ? [...new Set(body.keyword.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 10) : [];
  for (const token of tokens) {
    const grams = [...token].length >= 2;
    const gramsParam = grams ? p(token) : null;
    const meta = () => `(strpos(lower("contracts"."title"), ${p(token)}) > 0 or strpos(lower(coalesce("contracts"."memo", '')), ${p(token)}) > 0 or strpos(lower("contracts"."counterparty_names"), ${p(token)}) > 0 or strpos(lower("contracts"."hashtag_names"), ${p(token)}) > 0)`;
    // A two-letter token: the bigram index alone is exact, no strpos (contract-search.repo.ts).
    const exact = /^[\p{L}\p{N}]{2}$/u.test(token);
    const metaMatch = exact ? `"contracts"."grams" @> ko_bigrams(${gramsParam})` : grams ? `("contracts"."grams" @> ko_bigrams(${gramsParam}) and ${meta()})` : meta();
    const contentText = exact ? '' : ` and strpos(lower(coalesce("file_revisions"."extracted_text", '')), ${p(token)}) > 0`;
    const content = `"contracts"."id" = any(array((select "contract_files"."contract_id" from "contract_files" inner join "files" on ("files"."file_key" = "contract_files"."file_key" and ${scope('files')} and "files"."deleted_at" is null) inner join "file_revisions" on ("file_revisions"."file_id" = "files"."id" and "file_revisions"."revision" = "files"."current_revision" and ${scope('file_revisions')}) where (${scope('contract_files')}${grams ? ` and "file_revisions"."grams" @> ko_bigrams(${p(token)})` : ''}${contentText}))))`;
    parts.push(`(${metaMatch} or ${content})`);
  }
  if (body.contractTypes?.length) parts.push(`"contracts"."contract_type" in (${body.contractTypes.map(p).join(', ')})`);
  if (body.statuses?.length) parts.push(`"contracts"."status" in (${body.statuses.map(p).join(', ')})`);
  if (body.endDate) parts.push(`(${[body.endDate.start && `"contracts"."end_date" >= ${p(body.endDate.start)}`, body.endDate.end && `"contracts"."end_date" <= ${p(body.endDate.end)}`].filter(Boolean).join(' and ')})`);
  if (body.amountMin !== undefined) parts.push(`"contracts"."amount" >= ${p(body.amountMin)}::numeric`);
  return `(${parts.join(' and ')})`;
}

const trim = (v) => (v === null ? null : v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

app.get('/health', async () => ({ ok: true }));
app.post('/page-search', async (req, reply) => {
  const t = Number(req.headers['x-tenant']);
  const w = Number(req.headers['x-workspace']);
  const token = /(?:^|;\s*)([^=;]+)=([^;]+)/.exec(req.headers.cookie ?? '');
  const { rows: sessions } = await pool.query(SESSION_SQL, [createHash('sha256').update(decodeURIComponent(token?.[2] ?? '')).digest('base64url')]);
  const session = sessions[0];
  if (!session) return reply.code(401).send({ code: 'UNAUTHORIZED' });
  const userId = Number(session.user_id);
  const { rows: [membership] } = await pool.query(MEMBERSHIP_SQL, [t, w, userId]);
  if (!membership) return reply.code(403).send({ code: 'FORBIDDEN' });
  const page = Number(req.query.page ?? 0);
  const size = Number(req.query.size ?? 10);
  const [field, dir] = String(req.query.sort ?? 'createdAt,desc').split(',');
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  const body = req.body ?? {};
  const params = [];
  const where = whereOf(t, w, userId, body, params);
  const order = `order by "contracts"."${SORTS[field]}" ${d} NULLS LAST, "contracts"."id" ${d}`;
  const limits = page > 0 ? [...params, size, page * size] : [...params, size];
  const limit = `limit $${params.length + 1}${page > 0 ? ` offset $${params.length + 2}` : ''}`;
  const countSql = `select count(*)::int from "contracts" where ${where}`;
  let rows;
  let count;
  if (body.keyword) {
    // With a keyword, the page and its total in one statement (contract-search.repo.ts searchPageWithTotal).
    const inner = `select "contracts"."id", count(*) over () as "total" from "contracts" where ${where} ${order} ${limit}`;
    ({ rows } = await pool.query(`select ${QUALIFIED}, "page"."total" from "contracts" inner join (${inner}) "page" on "page"."id" = "contracts"."id" ${order}`, limits));
    count = rows.length > 0 ? Number(rows[0].total) : page === 0 ? 0 : (await pool.query(countSql, params)).rows[0].count;
  } else {
    const [pageResult, countResult] = await Promise.all([pool.query(`select ${COLUMNS} from "contracts" where ${where} ${order} ${limit}`, limits), pool.query(countSql, params)]);
    rows = pageResult.rows;
    count = countResult.rows[0].count;
  }
  const owners = [...new Set(rows.map((r) => Number(r.owner_user_id)))];
  const groupIds = [...new Set(rows.map((r) => r.group_id).filter((g) => g !== null).map(Number))];
  const ids = rows.map((r) => Number(r.id));
  const [names, groups, marks] = await Promise.all([
    owners.length ? pool.query(`select "user_id", "display_name" from "memberships" where (("memberships"."tenant_id" = $1 and "memberships"."workspace_id" = $2) and "memberships"."user_id" in (${owners.map((_, i) => `$${i + 3}`).join(', ')}))`, [t, w, ...owners]) : { rows: [] },
    groupIds.length ? pool.query(`select "id", "name" from "groups" where (("groups"."tenant_id" = $1 and "groups"."workspace_id" = $2) and "groups"."id" in (${groupIds.map((_, i) => `$${i + 3}`).join(', ')}))`, [t, w, ...groupIds]) : { rows: [] },
    ids.length ? pool.query(`select "contract_id" from "contract_bookmarks" where (("contract_bookmarks"."tenant_id" = $1 and "contract_bookmarks"."workspace_id" = $2) and "contract_bookmarks"."user_id" = $3 and "contract_bookmarks"."contract_id" in (${ids.map((_, i) => `$${i + 4}`).join(', ')}))`, [t, w, userId, ...ids]) : { rows: [] },
  ]);
  const nameOf = new Map(names.rows.map((r) => [Number(r.user_id), r.display_name]));
  const groupOf = new Map(groups.rows.map((r) => [Number(r.id), r.name]));
  const marked = new Set(marks.rows.map((r) => Number(r.contract_id)));
  const content = rows.map((r) => ({
    id: Number(r.id), title: r.title, contractType: r.contract_type, status: r.status,
    counterpartyNames: r.counterparty_names === '' ? [] : r.counterparty_names.split('\n'), hashtags: r.hashtag_names === '' ? [] : r.hashtag_names.split('\n'),
    owner: { userId: Number(r.owner_user_id), displayName: nameOf.get(Number(r.owner_user_id)) ?? null },
    group: r.group_id !== null && groupOf.has(Number(r.group_id)) ? { id: Number(r.group_id), name: groupOf.get(Number(r.group_id)) } : null,
    signedDate: r.signed_date, startDate: r.start_date, endDate: r.end_date, amount: trim(r.amount), currency: r.currency,
    isBookmarked: marked.has(Number(r.id)), createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  }));
  return { code: 'SUCCESS', message: null, data: { content, page, size, totalElements: count, totalPages: Math.ceil(count / size) } };
});

pg.types.setTypeParser(1082, (v) => v); // dates as 'YYYY-MM-DD', as the app reads them
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
