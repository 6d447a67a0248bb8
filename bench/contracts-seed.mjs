// Generator of the contract repository benchmark (bench/contracts.mjs): N contracts (default
// 100,000) in one workspace, inserted with generate_series in a few statements. The workspace and
// its members are the app's own (the demo provisioning the server runs at start); this only adds
// contracts and their children. `grams` is the table's generated column
// (`ko_bigrams(title || ' ' || coalesce(memo, '') || ' ' || counterparty_names || ' ' || hashtag_names)`),
// so PostgreSQL computes it exactly as for contracts the app writes; counterparty_names and
// hashtag_names are the newline-joined copies the service keeps, in display order.
//
// Shape (i = 1..N):
// - owner: the benchmark member for i % 5 = 0 (20%), else one of the workspace's other members;
//   the member also watches i % 20 = 3 and is a related user of i % 40 = 7, and bookmarks
//   i % 50 = 0: the member may read 27,500 of 100,000.
// - type: LEASE exactly for i % 10 = 0 (all owned by the member: the 10,000-row Excel export
//   filter), the other 15 types spread over the rest.
// - title: "<counterparty> <type name> <variant>", e.g. "(주)대한물산 용역계약서 (2024년 갱신)".
// - created_at over six years (2020-2025, Korean office hours spread), dates, KRW amounts
//   (none for i % 7 = 0), memo for 3 in 4, one or two counterparties, one or two of 20 hashtags.

export const CONTRACT_TYPES_KO = [
  ['NDA', '비밀유지계약'], ['SERVICE', '용역계약'], ['SUPPLY', '물품공급계약'], ['SALES', '매매계약'],
  ['EMPLOYMENT', '근로계약'], ['LICENSE', '라이선스계약'], ['PARTNERSHIP', '업무제휴계약'], ['MOU', '양해각서'],
  ['OUTSOURCING', '위탁계약'], ['CONSTRUCTION', '공사도급계약'], ['LOAN', '금전소비대차계약'], ['INVESTMENT', '투자계약'],
  ['DISTRIBUTION', '대리점계약'], ['AMENDMENT', '변경계약'], ['OTHER', '기타'],
];

const COMPANIES = [
  '(주)대한물산', '한국전력기술(주)', '삼한건설 주식회사', '(주)미래에셋솔루션', '동방해운(주)', '(주)새벽로지스틱스', '서울바이오(주)', '(주)한결소프트',
  '태평양화학 주식회사', '(주)누리텔레콤', '청솔식품(주)', '(주)가온디자인', '우리정밀(주)', '(주)다온에너지', '한빛제약 주식회사', '(주)온누리유통',
  '대성기계(주)', '(주)하늘항공서비스', '제일인쇄(주)', '(주)푸른환경', '금강철강 주식회사', '(주)빛고을모빌리티', '신세계로보틱스(주)', '(주)나래시스템',
  '동해수산(주)', '(주)세움건축사사무소', '한라반도체(주)', '(주)바른회계법인', '은하전자 주식회사', '(주)솔빛교육', '김서준', '이하은',
  '박도윤', '최지우', '정시우', '강하린', '(주)위드클라우드', '국제무역(주)', '(주)메디케어코리아', '그린팜 영농조합법인',
];

const HASHTAGS = ['갱신', '해지예정', '보증금', '손해배상', '개인정보', '독점', '자동연장', '위약금', '하도급', '해외', '지식재산', '비밀유지', '검수', '선급금', '분쟁', '감사대상', '표준계약', '긴급', '장기계약', '계열사'];

const MEMOS = [
  '계약 해지 통지 기한 확인 필요', '손해배상 한도 및 면책 조항 협의 완료', '자동 갱신 조항 있음. 만료 3개월 전 검토', '보증금 반환 일정 재무팀 공유',
  '개인정보 처리 위탁 조항 포함', '하도급 대금 지급 조건 변경 예정', '검수 기준 부속서 별도 관리', '지식재산권 귀속 조항 수정본으로 체결',
  '해외 법인과 영문본 병행 체결', '위약금 조항 상대방 요청으로 완화', '분쟁 해결은 서울중앙지방법원 전속 관할',
];

const VARIANTS = ['', ' (2024년 갱신)', ' 제2차', ' 부속합의', ' (표준)', ' - 본계약', ' 수정본', ' (영문 병행)'];

const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'SIGNED', 'EXPIRED', 'EXPIRED', 'TERMINATED', 'DRAFT', 'ACTIVE'];

/**
 * Inserts `count` contracts into the scope. `memberUserId` is the benchmark member; `otherUserIds`
 * the workspace's other members (owners of the rest). Returns timings.
 */
export async function seedContracts(client, { tenantId, workspaceId, memberUserId, otherUserIds, count = 100_000 }) {
  const t0 = Date.now();
  const p = { t: tenantId, w: workspaceId, m: memberUserId };
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO hashtags (tenant_id, workspace_id, name, created_by_user_id)
     SELECT $1, $2, name, $3 FROM unnest($4::text[]) AS name ON CONFLICT DO NOTHING`,
    [p.t, p.w, p.m, HASHTAGS],
  );
  // One row per contract of everything the generator picks, so that contracts and children agree.
  await client.query(`CREATE TEMP TABLE bench_gen ON COMMIT DROP AS
    SELECT i, nextval(pg_get_serial_sequence('contracts', 'id')) AS contract_id,
      CASE WHEN i % 10 = 0 THEN 'LEASE' ELSE ($1::text[])[1 + (i * 7) % 15] END AS contract_type,
      CASE WHEN i % 10 = 0 THEN '임대차계약' ELSE ($2::text[])[1 + (i * 7) % 15] END AS type_ko,
      ($3::text[])[1 + (i * 13) % 40] AS cp1,
      CASE WHEN i % 3 = 0 THEN ($3::text[])[1 + (i * 17 + 5) % 40] END AS cp2,
      ($4::text[])[1 + i % 20] AS tag1,
      CASE WHEN i % 2 = 0 AND (i * 3 + 7) % 20 <> i % 20 THEN ($4::text[])[1 + (i * 3 + 7) % 20] END AS tag2,
      CASE WHEN i % 4 = 0 THEN NULL ELSE ($5::text[])[1 + (i * 11) % 11] END AS memo,
      ($6::text[])[1 + (i * 5) % 8] AS variant,
      ($7::text[])[1 + (i * 31) % 9] AS status,
      CASE WHEN i % 5 = 0 THEN $8::bigint ELSE ($9::bigint[])[1 + (i / 5) % cardinality($9::bigint[])] END AS owner,
      timestamptz '2020-01-01 09:00:00+09' + make_interval(days => (i * 2191) / $10, secs => (i * 7919) % 32400) + make_interval(secs => (i % 997) / 1000.0) AS created_at
    FROM generate_series(1, $10::int) AS i`,
    [CONTRACT_TYPES_KO.map((t) => t[0]), CONTRACT_TYPES_KO.map((t) => t[1]), COMPANIES, HASHTAGS, MEMOS, VARIANTS, STATUSES, p.m, otherUserIds, count],
  );
  const tGen = Date.now();
  await client.query(
    `INSERT INTO contracts (id, tenant_id, workspace_id, title, contract_type, language, status, memo, signing_type, signed_date, start_date, end_date,
       amount, currency, owner_user_id, counterparty_names, hashtag_names, created_by_user_id, created_at, updated_at)
     SELECT g.contract_id, $1, $2, g.cp1 || ' ' || g.type_ko || '서' || g.variant, g.contract_type, 'ko', g.status, g.memo,
       CASE WHEN g.i % 3 = 0 THEN 'PAPER' ELSE 'ELECTRONIC' END,
       (g.created_at AT TIME ZONE 'Asia/Seoul')::date + (g.i % 20), (g.created_at AT TIME ZONE 'Asia/Seoul')::date + (g.i % 20) + 1,
       (g.created_at AT TIME ZONE 'Asia/Seoul')::date + (g.i % 20) + 365 * (1 + g.i % 3),
       CASE WHEN g.i % 7 = 0 THEN NULL ELSE (1 + (g.i::bigint * 7919) % 50000) * 100000::bigint END,
       CASE WHEN g.i % 7 = 0 THEN NULL ELSE 'KRW' END,
       g.owner, g.cp1 || coalesce(E'\\n' || g.cp2, ''), g.tag1 || coalesce(E'\\n' || g.tag2, ''), g.owner, g.created_at, g.created_at
     FROM bench_gen g ORDER BY g.i`,
    [p.t, p.w],
  );
  const tContracts = Date.now();
  await client.query(
    `INSERT INTO counterparties (tenant_id, workspace_id, contract_id, counterparty_type, name, business_registration_number, representative, display_order)
     SELECT $1, $2, contract_id, CASE WHEN name LIKE '%(주)%' OR name LIKE '%주식회사%' OR name LIKE '%법인%' THEN 'COMPANY' ELSE 'PERSON' END, name,
       lpad(((i::bigint * 104729 + ord) % 1000000000)::text, 10, '1'), '대표 ' || substr(name, 1, 3), ord - 1
     FROM bench_gen, LATERAL (VALUES (cp1, 1), (cp2, 2)) AS v(name, ord) WHERE name IS NOT NULL`,
    [p.t, p.w],
  );
  await client.query(
    `INSERT INTO contract_hashtags (tenant_id, workspace_id, contract_id, hashtag_id, display_order)
     SELECT $1, $2, b.contract_id, h.id, v.ord - 1 FROM bench_gen b, LATERAL (VALUES (b.tag1, 1), (b.tag2, 2)) AS v(name, ord)
     JOIN hashtags h ON h.tenant_id = $1 AND h.workspace_id = $2 AND h.name = v.name WHERE v.name IS NOT NULL`,
    [p.t, p.w],
  );
  await client.query(`INSERT INTO contract_watchers (tenant_id, workspace_id, contract_id, user_id) SELECT $1, $2, contract_id, $3 FROM bench_gen WHERE i % 20 = 3`, [p.t, p.w, p.m]);
  await client.query(`INSERT INTO contract_users (tenant_id, workspace_id, contract_id, user_id) SELECT $1, $2, contract_id, $3 FROM bench_gen WHERE i % 40 = 7`, [p.t, p.w, p.m]);
  await client.query(`INSERT INTO contract_bookmarks (tenant_id, workspace_id, contract_id, user_id) SELECT $1, $2, contract_id, $3 FROM bench_gen WHERE i % 50 = 0`, [p.t, p.w, p.m]);
  await client.query('COMMIT');
  const tChildren = Date.now();
  await client.query('VACUUM ANALYZE contracts, counterparties, contract_hashtags, hashtags, contract_watchers, contract_users, contract_bookmarks');
  const tDone = Date.now();
  return { count, seconds: { generate: (tGen - t0) / 1000, contracts: (tContracts - tGen) / 1000, children: (tChildren - tContracts) / 1000, vacuumAnalyze: (tDone - tChildren) / 1000, total: (tDone - t0) / 1000 } };
}
