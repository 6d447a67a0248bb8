import 'i18next';
import type account from '../locales/ko/account.json';
import type auth from '../locales/ko/auth.json';
import type common from '../locales/ko/common.json';
import type files from '../locales/ko/files.json';
import type superAdmin from '../locales/ko/super-admin.json';
import type welcome from '../locales/ko/welcome.json';
import type workspaces from '../locales/ko/workspaces.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      welcome: typeof welcome;
      auth: typeof auth;
      account: typeof account;
      workspaces: typeof workspaces;
      superAdmin: typeof superAdmin;
      files: typeof files;
    };
  }
}
