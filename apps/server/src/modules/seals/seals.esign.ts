import type { Tx } from '../../platform/db/client';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import type { SealCaller } from './seals.policy';
import type { SealRow } from './seals.repo';

/**
 * What the seal service needs of e-sign, in one place: applying a seal image to an envelope's
 * company SEAL fields, the envelopes completed with a company seal (reconciliation) and an
 * envelope's status (sync-status). INTERIM until h-esign's exports are merged: electronic
 * application answers 503 and no envelope is known.
 */
export interface ElectronicApplication {
  contractId: number | null;
}

export async function applyElectronically(
  _services: Pick<AppServices, 'db' | 'storage'>,
  _ctx: RequestContext,
  _tx: Tx,
  _caller: SealCaller,
  _seal: SealRow,
  _input: { envelopeId: number; contractId: number | null; requireContract: boolean },
): Promise<ElectronicApplication> {
  throw new AppError('ERROR_SERVICE_UNAVAILABLE', { message: { ko: '전자 날인은 전자서명 모듈이 연결된 뒤 사용할 수 있습니다.', en: 'Electronic seals need the e-sign module.' } });
}

export interface SealedEnvelope {
  envelopeId: number;
  contractId: number | null;
  completedAt: Date;
}

export async function sealedEnvelopes(_db: Pick<AppServices, 'db'>['db'], _scope: TenantScope, _range: { from: Date; to: Date }): Promise<SealedEnvelope[]> {
  return [];
}

export async function envelopeStatusOf(_db: Pick<AppServices, 'db'>['db'], _scope: TenantScope, _envelopeId: number): Promise<{ status: string; contractId: number | null } | null> {
  return null;
}
