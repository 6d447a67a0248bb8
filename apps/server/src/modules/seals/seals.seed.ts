import fs from 'node:fs';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { demoSeedContext, tenants, users, workspaces } from '../auth';
import { saveGeneratedFile } from '../files';
import { createSeal } from './seals.service';
import { seals } from './seals.table';

const SEED_LOCK = 727_119;
/** The demo workspace and its legal manager, who keeps the demo seals. */
export const SEAL_DEMO_WORKSPACE = 'hanbit';
export const SEAL_DEMO_CUSTODIAN = 'manager@hanbit.example';

const FONT_FAMILY = 'SealHangul';
/** Korean fonts the project already has: Debian's Noto CJK (CI installs it), then the web app's Noto Sans KR. */
function registerSealFont(): boolean {
  if (GlobalFonts.has(FONT_FAMILY)) return true;
  const candidates = ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'];
  try {
    const require = createRequire(import.meta.url);
    candidates.push(require.resolve('@fontsource/noto-sans-kr/files/noto-sans-kr-korean-700-normal.woff2'));
  } catch {
    // not installed: the system fonts only
  }
  for (const file of candidates) {
    if (fs.existsSync(file) && GlobalFonts.registerFromPath(file, FONT_FAMILY)) return true;
  }
  return false;
}

/**
 * A red round seal impression on a transparent background: a double ring, the company name
 * around the top and the seal's kind across the middle (as a 법인인감 reads "대표이사인").
 */
export async function drawSealImage(companyName: string, center: string, size = 360): Promise<Buffer> {
  const hasFont = registerSealFont();
  const canvas = createCanvas(size, size);
  const c = canvas.getContext('2d');
  const red = '#c92a2a';
  const mid = size / 2;
  c.strokeStyle = red;
  c.fillStyle = red;
  c.lineWidth = size * 0.035;
  c.beginPath();
  c.arc(mid, mid, size * 0.46, 0, Math.PI * 2);
  c.stroke();
  c.lineWidth = size * 0.012;
  c.beginPath();
  c.arc(mid, mid, size * 0.4, 0, Math.PI * 2);
  c.stroke();
  const family = hasFont ? FONT_FAMILY : 'sans-serif';
  // The company name along the upper ring, one character at a time.
  const chars = [...companyName];
  const radius = size * 0.31;
  const sweep = Math.min(Math.PI * 1.3, chars.length * 0.42);
  c.font = `bold ${Math.round(size * 0.1)}px ${family}`;
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  chars.forEach((ch, i) => {
    const angle = -Math.PI / 2 - sweep / 2 + (chars.length === 1 ? sweep / 2 : (sweep * i) / (chars.length - 1));
    c.save();
    c.translate(mid + radius * Math.cos(angle), mid + radius * Math.sin(angle));
    c.rotate(angle + Math.PI / 2);
    c.fillText(ch, 0, 0);
    c.restore();
  });
  c.font = `bold ${Math.round(size * 0.13)}px ${family}`;
  c.fillText(center, mid, mid + size * 0.08);
  return canvas.encode('png');
}

const DEMO_SEALS = [
  { name: '법인인감', type: 'CORPORATE' as const, center: '대표이사인', description: '등기소에 신고된 법인인감. 인감증명서와 함께 쓰는 계약에 날인합니다.' },
  { name: '사용인감', type: 'USAGE' as const, center: '사용인감', description: '일상 계약과 대외 문서에 쓰는 사용인감.' },
];

/**
 * seedContent: the demo workspace's two seals (법인인감, 사용인감) kept by its legal manager, with
 * images drawn here. Idempotent by name: a seal the workspace already has is left alone.
 */
export async function seedDemoSeals(services: AppServices, signal?: AbortSignal): Promise<void> {
  let created = 0;
  await services.database.withLock(SEED_LOCK, async () => {
    const [ws] = await services.db
      .select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id, tenantName: tenants.name })
      .from(workspaces)
      .innerJoin(tenants, eq(tenants.id, workspaces.tenantId))
      .where(eq(workspaces.name, SEAL_DEMO_WORKSPACE));
    if (!ws) return;
    const scope: TenantScope = { tenantId: ws.tenantId, workspaceId: ws.workspaceId };
    const [custodian] = await services.db.select({ id: users.id }).from(users).where(eq(users.loginId, SEAL_DEMO_CUSTODIAN));
    if (!custodian) return;
    const ctx = await demoSeedContext(services.db, scope, custodian.id);
    if (!ctx) return;
    for (const demo of DEMO_SEALS) {
      if (signal?.aborted) return;
      const [existing] = await services.db.select({ id: seals.id }).from(seals).where(and(inScope(seals, scope), eq(seals.name, demo.name)));
      if (existing) continue;
      const png = await drawSealImage(ws.tenantName, demo.center);
      const image = await saveGeneratedFile(services, ctx, png, { name: `${demo.name}.png`, fileType: 'png' });
      await createSeal(services, ctx, { name: demo.name, type: demo.type, description: demo.description, imageFileKey: image.fileKey, custodianUserId: custodian.id, allowedGroupIds: [] });
      created += 1;
    }
  });
  services.logger.info({ created }, 'demo seals ready');
}
