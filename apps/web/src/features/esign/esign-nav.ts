import { defineNavEntry } from '../../app/navigation/nav-entry';
import { envelopesPath } from './esign-path';
import { ESIGN_PRODUCT, SEND_PERMISSIONS } from './esign-permissions';
import { IconWritingSign } from './esign-icons';
import './esign-i18n';

/** The envelopes list: members of an E_CONTRACT workspace who may send for e-signature. */
export const ESIGN_NAV = [
  defineNavEntry({
    id: 'esign.envelopes', variants: ['general', 'contractManagement'], product: ESIGN_PRODUCT, permissions: SEND_PERMISSIONS,
    path: envelopesPath, icon: IconWritingSign, namespace: 'esign', labelKey: 'nav.envelopes',
  }),
];
