import type { ReviewContractType, ReviewPosition } from '@legal/api';
import type { LocalizedText } from './playbook.types';

/** The names of the sides of each contract type (GET contract-types/v2). */
export const CONTRACT_TYPE_POSITIONS: Record<ReviewContractType, Record<ReviewPosition, LocalizedText>> = {
  NDA: {
    PARTY_A: { ko: '갑 (공개자)', en: 'Discloser' },
    PARTY_B: { ko: '을 (수령자)', en: 'Recipient' },
    NEUTRAL: { ko: '중립 (상호 비밀유지)', en: 'Neutral (mutual)' },
  },
  SERVICE: {
    PARTY_A: { ko: '갑 (발주자)', en: 'Client' },
    PARTY_B: { ko: '을 (수행자)', en: 'Service provider' },
    NEUTRAL: { ko: '중립', en: 'Neutral' },
  },
  SUPPLY: {
    PARTY_A: { ko: '갑 (매수인)', en: 'Buyer' },
    PARTY_B: { ko: '을 (공급자)', en: 'Supplier' },
    NEUTRAL: { ko: '중립', en: 'Neutral' },
  },
  LICENSE: {
    PARTY_A: { ko: '갑 (허락권자)', en: 'Licensor' },
    PARTY_B: { ko: '을 (사용권자)', en: 'Licensee' },
    NEUTRAL: { ko: '중립', en: 'Neutral' },
  },
  EMPLOYMENT: {
    PARTY_A: { ko: '갑 (사용자)', en: 'Employer' },
    PARTY_B: { ko: '을 (근로자)', en: 'Employee' },
    NEUTRAL: { ko: '중립', en: 'Neutral' },
  },
  LEASE: {
    PARTY_A: { ko: '갑 (임대인)', en: 'Landlord' },
    PARTY_B: { ko: '을 (임차인)', en: 'Tenant' },
    NEUTRAL: { ko: '중립', en: 'Neutral' },
  },
  SUBCONTRACT: {
    PARTY_A: { ko: '갑 (원사업자)', en: 'Contractor' },
    PARTY_B: { ko: '을 (수급사업자)', en: 'Subcontractor' },
    NEUTRAL: { ko: '중립', en: 'Neutral' },
  },
  MOU: {
    PARTY_A: { ko: '갑', en: 'Party A' },
    PARTY_B: { ko: '을', en: 'Party B' },
    NEUTRAL: { ko: '중립 (쌍방)', en: 'Neutral (both parties)' },
  },
};
