import { defineModule } from '../../platform/module';
import { legalSourcesJobs, schedulePrecedentSync } from './legal-sources.jobs';
import { registerLegalSourcesRoutes } from './legal-sources.routes';
import * as legalSourcesTables from './legal-sources.table';

/**
 * Precedents, administrative rules and local ordinances from the National Law Information Center's
 * Open API (LAW_OPEN_API_OC): precedents synced daily, rules and ordinances read on demand; stored
 * in global tables (public law). Without a key the routes answer empty results saying so.
 */
export const legalSourcesModule = defineModule({
  name: 'legal-sources',
  product: null,
  routes(app, services) {
    registerLegalSourcesRoutes(app, services);
  },
  jobs: legalSourcesJobs(),
  schedule: (services) => schedulePrecedentSync(services),
  tables: legalSourcesTables,
});

export { syncPrecedents } from './legal-sources.jobs';
export { searchStoredSources, sourceSectionTexts, storedSourceCounts, type SourceMatches, type SourceSection } from './source-search';
