import 'i18next';
import type common from '../locales/ko/common.json';
import type welcome from '../locales/ko/welcome.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      welcome: typeof welcome;
    };
  }
}
