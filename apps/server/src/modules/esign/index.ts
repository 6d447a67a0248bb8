import { defineModule } from '../../platform/module';
import { registerEnvelopeNotificationAccess } from './esign.access';
import { esignJobs, scheduleExpirySweep } from './esign.finalize';
import { installSignerAuthentication } from './esign.hooks';
import { registerEsignRoutes } from './esign.routes';
import * as esignTables from './esign.table';

/**
 * Electronic signing for outside signers (catalogue 7.8, docs/esign.md): envelopes from a
 * contract's signing step or documents/v1, signer links and verification, the signed PDF
 * (assembled by a durable job), the hash-chained event log.
 */
export const esignModule = defineModule({
  name: 'esign',
  product: 'E_CONTRACT',
  hooks: installSignerAuthentication,
  routes: registerEsignRoutes,
  jobs: esignJobs(),
  schedule: (services) => scheduleExpirySweep(services),
  tables: { ...esignTables },
  notificationRecords: registerEnvelopeNotificationAccess,
});

// What other modules use of this one (the seals module).
export { applyCompanySeal, findEnvelope, listSealedEnvelopes, type SealedEnvelope } from './esign.seal';
