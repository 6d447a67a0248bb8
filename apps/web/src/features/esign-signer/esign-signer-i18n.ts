import en from '../../locales/en/esign-signer.json';
import ko from '../../locales/ko/esign-signer.json';
import { addNamespace } from '../../lib/i18n';

addNamespace('esignSigner', { ko, en });
