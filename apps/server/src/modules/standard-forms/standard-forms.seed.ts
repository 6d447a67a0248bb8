import { eq } from 'drizzle-orm';
import type { TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { inScope } from '../../platform/db/tenancy';
import { workspaces } from '../auth';
import * as bytes from './standard-forms.bytes';
import { checkTemplateBytes, insertVersion } from './standard-forms.service';
import { standardForms, standardFormSettings } from './standard-forms.table';
import { findStarterFolder, readStarterFormFile, starterFileName, starterForms } from './starter/manifest';
import { defaultConfigs } from './templating';

const SEED_LOCK = 727_117;
/** The demo workspace that gets the starter library. */
export const STARTER_WORKSPACE = 'hanbit';

/**
 * seedContent: the demo workspace gets the starter forms of starter/manifest.json as ACTIVE forms
 * (template source SEED, created by nobody, the source and licence kept on the form), and the
 * manifest's categories as its category types when it has none. Idempotent: a form is identified by
 * its manifest key (seed_key), so a second run adds nothing.
 */
export async function seedStarterForms(services: AppServices, signal?: AbortSignal): Promise<void> {
  const folder = findStarterFolder();
  if (!folder) {
    services.logger.warn('starter forms not found (modules/standard-forms/starter); no starter library');
    return;
  }
  const [ws] = await services.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, STARTER_WORKSPACE));
  if (!ws) return;
  const created = await seedWorkspace(services, ws, folder, signal);
  services.logger.info({ created }, 'starter forms ready');
}

export async function seedWorkspace(services: AppServices, scope: TenantScope, folder: string, signal?: AbortSignal): Promise<number> {
  let created = 0;
  await services.database.withLock(SEED_LOCK, async () => {
    const existing = new Set((await services.db.select({ seedKey: standardForms.seedKey }).from(standardForms).where(inScope(standardForms, scope))).map((r) => r.seedKey));
    const forms = starterForms();
    const categories = [...new Set(forms.map((f) => f.categoryType))];
    await services.db.insert(standardFormSettings).values({ ...scope, categoryTypes: categories }).onConflictDoNothing();
    for (const starter of forms) {
      if (signal?.aborted) return;
      if (existing.has(starter.key)) continue;
      const docx = readStarterFormFile(starter, folder);
      const checked = checkTemplateBytes(docx);
      const stored = await bytes.storeBuffer(services, scope, docx, 'docx');
      const isKo = starter.language === 'ko';
      await bytes.orDiscard(services, [stored.storageKey], () =>
        services.db.transaction(async (tx) => {
          const [form] = await tx
            .insert(standardForms)
            .values({
              ...scope, scope: 'WORKSPACE', title: isKo ? starter.title.ko : starter.title.en, description: isKo ? starter.description.ko : starter.description.en,
              contractType: starter.contractType, language: starter.language, categoryType: starter.categoryType, activeStatus: 'ACTIVE', source: starter.source, seedKey: starter.key,
            })
            .returning();
          await insertVersion(tx, form!, {
            source: 'SEED', format: checked.format, fileName: starterFileName(starter), size: stored.size, storageKey: stored.storageKey, sha256: stored.sha256, text: checked.text,
            variables: defaultConfigs(checked.markers, starter.variables),
          }, null, { isFirst: true });
          await bytes.settle(tx, [stored.storageKey]);
        }),
      );
      created += 1;
    }
  });
  return created;
}
