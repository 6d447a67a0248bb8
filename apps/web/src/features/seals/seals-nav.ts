import { defineNavEntry } from '../../app/navigation/nav-entry';
import { IconCertificate, IconFileCertificate, IconListDetails, IconReportAnalytics } from './seals-icons';
import { sealsPath } from './seals-path';
import { SEAL_MANAGE_PERMISSIONS, SEAL_READ_PERMISSIONS, SEAL_REQUEST_PERMISSIONS } from './seals-permissions';
import './seals-i18n';

/** The "인감 / Seals" area: the registry and the requests for everyone who may use seals; the ledger and its reconciliation for managers. */
export const SEALS_NAV = [
  defineNavEntry({
    id: 'seals.registry', variants: ['general', 'eContract'], product: 'SEAL', permissions: SEAL_READ_PERMISSIONS,
    path: (w) => sealsPath(w), icon: IconCertificate, namespace: 'seals', labelKey: 'nav.registry',
  }),
  defineNavEntry({
    id: 'seals.requests', variants: ['general', 'eContract'], product: 'SEAL', permissions: SEAL_REQUEST_PERMISSIONS,
    path: (w) => sealsPath(w, 'requests'), icon: IconFileCertificate, namespace: 'seals', labelKey: 'nav.requests',
  }),
  defineNavEntry({
    id: 'seals.ledger', variants: ['eContract'], product: 'SEAL', permissions: SEAL_MANAGE_PERMISSIONS,
    path: (w) => sealsPath(w, 'ledger'), icon: IconListDetails, namespace: 'seals', labelKey: 'nav.ledger',
  }),
  defineNavEntry({
    id: 'seals.reconciliation', variants: ['eContract'], product: 'SEAL', permissions: SEAL_MANAGE_PERMISSIONS,
    path: (w) => sealsPath(w, 'reconciliation'), icon: IconReportAnalytics, namespace: 'seals', labelKey: 'nav.reconciliation',
  }),
];
