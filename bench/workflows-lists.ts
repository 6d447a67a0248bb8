// The workflow hub's read models on PostgreSQL at scale (issue 18): GET home/works/todo/v1, the
// listings (contracts/workflow-processes/v1, my-requests/v2) and the dashboard (workflow-analytics) p95, one request at a time and at 8
// concurrent, beside a bare Fastify + pg handler that runs the same SQL.
//
//   npx tsx bench/workflows-lists.ts
//
// It creates a throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// starts the built server on it (migrations and the demo workspace: the app's own provisioning),
// seeds BENCH_WF_CONTRACTS contracts (default 100,000, bench/contracts-seed.mjs) and one workflow
// per contract in every state, with BENCH_WF_EVENTS workflow events (default 1,000,000, spread
// evenly), measures, stops the server and drops the database (BENCH_WF_KEEP_DB=1 keeps it).
//
// The bare handler's SQL is the app's own: this script calls the read-model services
// (workflow-lists.service.ts) once per scenario on a drizzle instance whose logger records every
// statement with its parameters; the bare handler then runs, per request, the session lookup and
// the membership with its permissions (as bench/contracts-bare.mjs), and those statements in the
// app's order and concurrency (the caller's groups when loaded, then the page and its count, or
// the to-do counts and rows, together, then the rest one after the other). It skips validation,
// the envelope and the hooks, and answers the rows as they come.
//
// Options (env): BENCH_DURATION seconds per run (default 10), BENCH_WF_ROUNDS (1: app and bare
// take turns, the median round counts), BENCH_WF_SKIP_BUILD=1 to reuse apps/server/dist,
// BENCH_WF_DB=<name> to measure a database kept by an earlier run (BENCH_WF_KEEP_DB=1; the server
// applies any newer migration to it at start, so an index can be tried without seeding again),
// BENCH_WF_SCENARIOS=<regex> to measure only the scenarios whose name matches (e.g. `analytics`).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
// @ts-expect-error plain ESM helpers of the other benchmarks
import { seedContracts } from './contracts-seed.mjs';
// @ts-expect-error plain ESM helpers of the other benchmarks
import { buildServer, root, startBenchServer } from './server.mjs';

// The session lookup and the membership with its permissions: as bench/contracts-bare.mjs.
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

type Statement = { sql: string; params: unknown[] };
type Scenario = { name: string; login: string; url: string; statements?: Statement[] };

// ------------------------------------------------------------------------------------------------
// The bare handler (this file run with --bare <statements.json>)
// ------------------------------------------------------------------------------------------------

async function runBare(file: string) {
  const { default: Fastify } = await import('fastify');
  const scenarios = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, application_name: 'legal-bench-bare' });
  const app = Fastify({ logger: false });
  app.get('/health', async () => ({ ok: true }));
  app.get('/run/:i', async (req, reply) => {
    const scenario = scenarios[Number((req.params as { i: string }).i)]!;
    const t = Number(req.headers['x-tenant']);
    const w = Number(req.headers['x-workspace']);
    const token = /(?:^|;\s*)([^=;]+)=([^;]+)/.exec(req.headers.cookie ?? '');
    const { rows: sessions } = await pool.query(SESSION_SQL, [createHash('sha256').update(decodeURIComponent(token?.[2] ?? '')).digest('base64url')]);
    if (!sessions[0]) return reply.code(401).send({ code: 'UNAUTHORIZED' });
    const { rows: [membership] } = await pool.query(MEMBERSHIP_SQL, [t, w, Number(sessions[0].user_id)]);
    if (!membership) return reply.code(403).send({ code: 'FORBIDDEN' });
    const list = [...scenario.statements!];
    const out: unknown[] = [];
    if (list[0] && /"group_members"/.test(list[0].sql) && !/"workflows"/.test(list[0].sql)) {
      const groups = list.shift()!;
      out.push((await pool.query(groups.sql, groups.params)).rows);
    }
    const [a, b] = [list.shift(), list.shift()];
    const pair = await Promise.all([a, b].filter(Boolean).map((s) => pool.query(s!.sql, s!.params)));
    out.push(...pair.map((r) => r.rows));
    for (const s of list) out.push((await pool.query(s.sql, s.params)).rows);
    return { code: 'SUCCESS', data: out };
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}

// ------------------------------------------------------------------------------------------------
// The workflows (SQL, after the contracts)
// ------------------------------------------------------------------------------------------------

/**
 * One workflow per contract, its state by i % 10: 0-3 EXECUTED, 4 CANCELED, 5 REQUESTED at
 * ASSIGNMENT, 6 IN_REVIEW, 7 IN_APPROVAL (a two-line approval), 8 RETURNED, 9 IN_SIGNING. The
 * requester is the contract's owner; reviewers and approvers are the demo reviewer/approver for
 * half of them, another member otherwise. Events: `events / count` per workflow, seq 1..k.
 */
async function seedWorkflows(db: pg.Client, p: { t: number; w: number; reviewer: number; approver: number; others: number[] }, count: number, events: number) {
  const t0 = Date.now();
  const perWorkflow = Math.max(1, Math.round(events / count));
  await db.query('BEGIN');
  await db.query(`CREATE TEMP TABLE wf_gen ON COMMIT DROP AS
    SELECT c.id AS contract_id, row_number() OVER (ORDER BY c.id) AS i, c.owner_user_id, c.created_at,
           nextval(pg_get_serial_sequence('workflows', 'id')) AS workflow_id
      FROM contracts c WHERE c.tenant_id = $1 AND c.workspace_id = $2 LIMIT $3`, [p.t, p.w, count]);
  await db.query(`INSERT INTO workflows (id, tenant_id, workspace_id, contract_id, preset_type, process_status, current_step_code, round, revision,
      requester_user_id, desired_review_deadline, last_event_seq, step_started_at, created_at, updated_at, completed_at)
    SELECT workflow_id, $1::bigint, $2::bigint, contract_id, 'LEGAL_REVIEW_AND_APPROVAL',
      (ARRAY['EXECUTED','EXECUTED','EXECUTED','EXECUTED','CANCELED','REQUESTED','IN_REVIEW','IN_APPROVAL','RETURNED','IN_SIGNING'])[1 + i % 10],
      (ARRAY[NULL,NULL,NULL,NULL,NULL,'ASSIGNMENT','LEGAL_REVIEW','APPROVAL','REQUEST','SIGNING'])[1 + i % 10],
      1 + (i % 3)::int, $3::int, owner_user_id, (created_at + interval '14 days')::date, $3::int,
      created_at + interval '1 day' + (i % 500) * interval '1 hour', created_at, created_at + interval '2 days',
      CASE WHEN i % 10 < 5 THEN created_at + interval '3 days' END
    FROM wf_gen`, [p.t, p.w, perWorkflow]);
  await db.query(`INSERT INTO workflow_steps (tenant_id, workspace_id, workflow_id, step_code, step_order, step_group, status)
    SELECT $1::bigint, $2::bigint, workflow_id, s.code, s.ord, s.grp, 'DONE' FROM wf_gen
      CROSS JOIN (VALUES ('REQUEST',1,'REQUEST'),('ASSIGNMENT',2,'REVIEW'),('LEGAL_REVIEW',3,'REVIEW'),('APPROVAL',4,'APPROVAL'),('SIGNING',5,'SIGNING')) AS s(code, ord, grp)`, [p.t, p.w]);
  await db.query(`INSERT INTO workflow_step_members (tenant_id, workspace_id, workflow_id, step_code, user_id, role)
    SELECT $1::bigint, $2::bigint, workflow_id, 'REQUEST', owner_user_id, 'REQUESTER' FROM wf_gen
    UNION ALL
    SELECT $1::bigint, $2::bigint, workflow_id, 'LEGAL_REVIEW', CASE WHEN i % 2 = 0 THEN $3::bigint ELSE ($5::bigint[])[1 + i % array_length($5::bigint[], 1)] END, 'REVIEWER'
      FROM wf_gen WHERE i % 10 NOT IN (4, 5)
    UNION ALL
    SELECT $1::bigint, $2::bigint, workflow_id, 'APPROVAL', $4::bigint, 'APPROVER' FROM wf_gen WHERE i % 10 = 7`, [p.t, p.w, p.reviewer, p.approver, p.others]);
  await db.query(`CREATE TEMP TABLE wf_appr ON COMMIT DROP AS
    SELECT workflow_id, contract_id, owner_user_id, i, created_at, nextval(pg_get_serial_sequence('workflow_approvals', 'id')) AS approval_id FROM wf_gen WHERE i % 10 = 7`);
  await db.query(`INSERT INTO workflow_approvals (id, tenant_id, workspace_id, workflow_id, contract_id, status, round, requested_by_user_id, created_at)
    SELECT approval_id, $1::bigint, $2::bigint, workflow_id, contract_id, 'IN_PROGRESS', 1, owner_user_id, created_at FROM wf_appr`, [p.t, p.w]);
  await db.query(`INSERT INTO workflow_approvers (tenant_id, workspace_id, approval_id, user_id, line_order, decision)
    SELECT $1::bigint, $2::bigint, approval_id, $3::bigint, CASE WHEN i % 20 = 7 THEN 1 ELSE 2 END, 'PENDING' FROM wf_appr
    UNION ALL
    SELECT $1::bigint, $2::bigint, approval_id, ($4::bigint[])[1 + i % array_length($4::bigint[], 1)], CASE WHEN i % 20 = 7 THEN 2 ELSE 1 END, 'PENDING' FROM wf_appr
    ON CONFLICT DO NOTHING`, [p.t, p.w, p.approver, p.others]);
  await db.query(`INSERT INTO workflow_events (tenant_id, workspace_id, workflow_id, contract_id, seq, round, type, step_code, action_id, actor_user_id, comment, created_at)
    SELECT $1::bigint, $2::bigint, workflow_id, contract_id, k, 1,
      CASE WHEN k = 1 THEN 'STARTED' WHEN k % 3 = 0 THEN 'COMMENT' ELSE 'ACTION' END,
      (ARRAY['REQUEST','ASSIGNMENT','LEGAL_REVIEW','APPROVAL','SIGNING'])[1 + k % 5],
      CASE WHEN k = 1 OR k % 3 = 0 THEN NULL WHEN k % 5 = 2 THEN 'COMPLETE_REVIEW' ELSE 'ASSIGN' END,
      CASE WHEN k % 2 = 0 THEN $3::bigint ELSE owner_user_id END,
      CASE WHEN k % 3 = 0 THEN '검토 의견을 남깁니다' END,
      created_at + k * interval '1 hour'
    FROM wf_gen CROSS JOIN generate_series(1, $4::int) AS k`, [p.t, p.w, p.reviewer, perWorkflow]);
  await db.query('COMMIT');
  await db.query('ANALYZE workflows; ANALYZE workflow_step_members; ANALYZE workflow_approvals; ANALYZE workflow_approvers; ANALYZE workflow_events');
  const { rows: [n] } = await db.query('SELECT (SELECT count(*) FROM workflows) AS workflows, (SELECT count(*) FROM workflow_events) AS events');
  return { workflows: Number(n.workflows), events: Number(n.events), seconds: Math.round((Date.now() - t0) / 100) / 10 };
}

// ------------------------------------------------------------------------------------------------
// Measuring
// ------------------------------------------------------------------------------------------------

const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Number(process.env.BENCH_WF_ROUNDS ?? 1);

async function session(url: string, loginId: string) {
  const res = await fetch(`${url}/api/auth/login/dev/v1`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ loginId }) });
  if (!res.ok) throw new Error(`dev login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const launcher = (await (await fetch(`${url}/api/auth/launcher/v1`, { headers: { cookie } })).json()) as { data: { workspaces?: Array<Record<string, unknown>> } & Array<Record<string, unknown>> };
  const list = (launcher.data.workspaces ?? launcher.data) as Array<{ tenantId: number; workspaceId?: number; id?: number; workspaceName?: string; name?: string }>;
  const ws = list.find((w) => w.workspaceName === 'hanbit' || w.name === 'hanbit') ?? list[0]!;
  return { cookie, origin: url, 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId ?? ws.id) };
}

function percentile95(result: autocannon.Result) {
  const { p90, p97_5: p975 } = result.latency;
  return Math.round((p90 + ((p975 - p90) * (95 - 90)) / (97.5 - 90)) * 10) / 10;
}

async function load(url: string, headers: Record<string, string>, connections: number, seconds = duration) {
  const result = await autocannon({ url, method: 'GET', headers, connections, duration: seconds });
  const wrong = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => Number(code) !== 200).reduce((n, [, v]) => n + (v as { count: number }).count, 0);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p95: percentile95(result), p99: result.latency.p99, errors: result.errors + result.timeouts, wrongStatus: wrong, requests: result.requests.total };
}
type Run = Awaited<ReturnType<typeof load>>;
const median = (runs: Run[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

/** The app's statements for one request: the service called once on a logging drizzle instance. */
async function captureStatements(dbUrl: string, scope: { tenantId: number; workspaceId: number }, userId: number, url: string): Promise<Statement[]> {
  const lists = await import('../apps/server/src/modules/workflows/workflow-lists.service');
  const analytics = await import('../apps/server/src/modules/workflows/workflow-analytics.service');
  const { WorkflowProcessesQuerySchema, MyRequestsQuerySchema, AnalyticsRangeQuerySchema } = await import('@legal/api');
  const captured: Statement[] = [];
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  const db = drizzle(pool, { logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });
  const { rows: [m] } = await pool.query(MEMBERSHIP_SQL, [scope.tenantId, scope.workspaceId, userId]);
  const ctx = {
    requestId: 'bench', locale: 'ko', ...scope, ip: '127.0.0.1', userAgent: undefined,
    principal: { kind: 'user', userId, isSuperAdmin: false, sessionId: 'bench', permissions: new Set<string>(m.permissions), membershipId: Number(m.id) },
  } as never;
  const services = { db } as never;
  const u = new URL(url, 'http://x');
  const query = Object.fromEntries([...u.searchParams.keys()].map((k) => [k, u.searchParams.getAll(k).length > 1 ? u.searchParams.getAll(k) : u.searchParams.get(k)]));
  if (u.pathname.endsWith('/home/works/todo/v1')) await lists.getHomeTodo(services, ctx);
  else if (u.pathname.endsWith('/workflow-processes/v1')) await lists.listWorkflowProcesses(services, ctx, WorkflowProcessesQuerySchema.parse(query));
  else if (u.pathname.includes('/my-requests/')) await lists.listRequests(services, ctx, 'mine', MyRequestsQuerySchema.parse(query));
  else if (u.pathname.endsWith('/workflow-analytics/open-items/v1')) await analytics.getOpenItems(services, ctx);
  else if (u.pathname.endsWith('/workflow-analytics/cycle-times/v1')) await analytics.getCycleTimes(services, ctx, AnalyticsRangeQuerySchema.parse(query));
  else throw new Error(`no capture for ${url}`);
  await pool.end();
  return captured;
}

async function main() {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const count = Number(process.env.BENCH_WF_CONTRACTS ?? 100_000);
  const events = Number(process.env.BENCH_WF_EVENTS ?? 1_000_000);
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`workflows-lists: skipped, no PostgreSQL at ${adminUrl} (${(err as Error).message})`);
    return;
  }
  if (!process.env.BENCH_WF_SKIP_BUILD) buildServer();
  const reuse = process.env.BENCH_WF_DB;
  const keep = Boolean(reuse || process.env.BENCH_WF_KEEP_DB);
  const dbName = reuse ?? `legal_bench_workflows_${process.pid}_${Date.now()}`;
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  if (!reuse) await admin.query(`CREATE DATABASE ${dbName}`);
  const results: Record<string, unknown> = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, duration, rounds, count, events, loadavgBefore: os.loadavg() };
  let server: { url: string; stop: () => Promise<void> } | undefined;
  let bare: ReturnType<typeof spawn> | undefined;
  try {
    server = await startBenchServer({ DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' });
    const url = server!.url;
    const member = await session(url, 'member@hanbit.example');
    const manager = await session(url, 'manager@hanbit.example');
    const scope = { tenantId: Number(member['x-tenant']), workspaceId: Number(member['x-workspace']) };
    const db = new pg.Client({ connectionString: dbUrl });
    db.on('error', () => undefined);
    await db.connect();
    const idOf = async (login: string) => Number((await db.query('SELECT id FROM users WHERE login_id = $1', [login])).rows[0].id);
    const [memberId, managerId, reviewerId, approverId] = await Promise.all(['member', 'manager', 'reviewer', 'approver'].map((n) => idOf(`${n}@hanbit.example`)));
    const { rows: others } = await db.query('SELECT user_id FROM memberships WHERE tenant_id = $1 AND workspace_id = $2 AND user_id <> $3 ORDER BY user_id', [scope.tenantId, scope.workspaceId, memberId]);
    const otherIds = others.map((r) => Number(r.user_id)).filter((id) => id !== reviewerId && id !== approverId);
    const seededContracts = reuse ? { seconds: { total: 0 } } : await seedContracts(db, { ...scope, memberUserId: memberId, otherUserIds: others.map((r) => Number(r.user_id)), count });
    const seededWorkflows = reuse
      ? { ...(await db.query('SELECT (SELECT count(*)::int FROM workflows) AS workflows, (SELECT count(*)::int FROM workflow_events) AS events')).rows[0], seconds: 0, reused: dbName }
      : await seedWorkflows(db, { t: scope.tenantId, w: scope.workspaceId, reviewer: reviewerId!, approver: approverId!, others: otherIds }, count, events);
    await db.end();
    results.seed = { contracts: seededContracts.seconds, workflows: seededWorkflows };
    console.log(`workflows-lists: ${count} contracts, ${seededWorkflows.workflows} workflows, ${seededWorkflows.events} events (workflows seeded in ${seededWorkflows.seconds} s)`);

    const who = { member: { headers: member, userId: memberId! }, manager: { headers: manager, userId: managerId! } };
    const scenarios: Array<Scenario & { as: keyof typeof who }> = [
      { name: 'todo, member', login: 'member', as: 'member', url: '/api/conhub/home/works/todo/v1' },
      { name: 'todo, legal manager (assigner, reads all)', login: 'manager', as: 'manager', url: '/api/conhub/home/works/todo/v1' },
      { name: 'workflow-processes ALL, member', login: 'member', as: 'member', url: '/api/conhub/contracts/workflow-processes/v1?size=20' },
      { name: 'workflow-processes ALL, legal manager', login: 'manager', as: 'manager', url: '/api/conhub/contracts/workflow-processes/v1?size=20' },
      { name: 'workflow-processes filtered (IN_REVIEW, 용역), legal manager', login: 'manager', as: 'manager', url: `/api/conhub/contracts/workflow-processes/v1?size=20&includedProcessStatuses=IN_REVIEW&searchText=${encodeURIComponent('용역')}` },
      { name: 'my-requests v2, member', login: 'member', as: 'member', url: '/api/conhub/my-requests/v2' },
      // The dashboard (workflow-analytics): the seeded contracts span 2020-2025, so one year holds a sixth of the workflows.
      { name: 'analytics open-items, member', login: 'member', as: 'member', url: '/api/conhub/contracts/workflow-analytics/open-items/v1' },
      { name: 'analytics open-items, legal manager', login: 'manager', as: 'manager', url: '/api/conhub/contracts/workflow-analytics/open-items/v1' },
      { name: 'analytics cycle-times 2025 (1 year), member', login: 'member', as: 'member', url: '/api/conhub/contracts/workflow-analytics/cycle-times/v1?dateStart=2025-01-01&dateEnd=2025-12-31' },
      { name: 'analytics cycle-times 2025 (1 year), legal manager', login: 'manager', as: 'manager', url: '/api/conhub/contracts/workflow-analytics/cycle-times/v1?dateStart=2025-01-01&dateEnd=2025-12-31' },
    ].filter((s) => !process.env.BENCH_WF_SCENARIOS || new RegExp(process.env.BENCH_WF_SCENARIOS).test(s.name));
    for (const s of scenarios) s.statements = await captureStatements(dbUrl, scope, who[s.as].userId, s.url);
    const file = path.join(os.tmpdir(), `bench-workflows-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify(scenarios));
    const port = 31000 + Math.floor(Math.random() * 9000);
    const bareUrl = `http://127.0.0.1:${port}`;
    bare = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'workflows-lists.ts'), '--bare', file], { cwd: root, env: { ...process.env, PORT: String(port), DATABASE_URL: dbUrl }, stdio: ['ignore', 'inherit', 'inherit'] });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${bareUrl}/health`)).ok) break;
      } catch {
        if (i > 200) throw new Error('bare server did not start');
      }
      await new Promise((r) => setTimeout(r, 100));
    }

    const table: Array<Record<string, unknown>> = [];
    for (const [i, s] of scenarios.entries()) {
      const headers = who[s.as].headers;
      const check = await fetch(url + s.url, { headers });
      if (check.status !== 200) throw new Error(`${s.url}: ${check.status} ${await check.text()}`);
      const body = (await check.json()) as { data: { totalElements?: number; items?: unknown[]; counts?: unknown } };
      const row: Record<string, unknown> = { name: s.name, statements: s.statements!.length, answer: body.data.totalElements ?? body.data.counts };
      for (const connections of [1, 8]) {
        await load(url + s.url, headers, connections, 2);
        await load(`${bareUrl}/run/${i}`, headers, connections, 2);
        const app: Run[] = [];
        const bareRuns: Run[] = [];
        for (let r = 0; r < rounds; r++) {
          app.push(await load(url + s.url, headers, connections));
          bareRuns.push(await load(`${bareUrl}/run/${i}`, headers, connections));
        }
        const a = median(app);
        const b = median(bareRuns);
        row[`c${connections}`] = { app: a, bare: b, ratio: Math.round((a.rps / b.rps) * 100) / 100 };
        console.log(`${s.name} @${connections}: app ${a.rps} req/s p95 ${a.p95} ms | bare ${b.rps} req/s p95 ${b.p95} ms | ratio ${(a.rps / b.rps).toFixed(2)}${a.wrongStatus || b.wrongStatus ? ` (non-200: app ${a.wrongStatus}, bare ${b.wrongStatus})` : ''}`);
      }
      table.push(row);
    }
    results.scenarios = table;
  } catch (err) {
    console.error('workflows-lists failed:', err);
    process.exitCode = 1;
  } finally {
    bare?.kill('SIGTERM');
    await server?.stop();
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else console.log(`kept database ${dbName}`);
    await admin.end();
  }
  if (process.exitCode) return;
  fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const out = path.join(root, 'bench', 'results', `workflows-lists-${Date.now()}.json`);
  fs.writeFileSync(out, JSON.stringify(results, null, 2));
  console.log(`workflows-lists: results in ${path.relative(root, out)}`);
}

if (process.argv[2] === '--bare') await runBare(process.argv[3]!);
else await main();
