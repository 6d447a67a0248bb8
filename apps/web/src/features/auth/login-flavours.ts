import {
  loginV3,
  resendLoginOtp,
  resendSuperAdminOtp,
  superAdminLoginV3,
  verifyLoginOtp,
  verifySuperAdminOtp,
} from '@legal/api';
import { PATHS } from '../../app/paths';

/** The two sign-in pages share one screen; these are what differs. */
export const LOGIN_FLAVOURS = {
  user: {
    login: loginV3,
    verifyOtp: verifyLoginOtp,
    resendOtp: resendLoginOtp,
    /** Where a completed sign-in goes unless `?next=` says otherwise. */
    home: PATHS.launcher,
    signInPath: PATHS.signIn,
  },
  superAdmin: {
    login: superAdminLoginV3,
    verifyOtp: verifySuperAdminOtp,
    resendOtp: resendSuperAdminOtp,
    home: PATHS.superAdmin,
    signInPath: PATHS.superAdminSignIn,
  },
} as const;

export type LoginFlavour = keyof typeof LOGIN_FLAVOURS;
