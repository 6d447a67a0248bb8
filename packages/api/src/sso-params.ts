/**
 * The query parameter of the sign-in page that carries why an SSO sign-in failed. In a module of
 * its own so that the sign-in page (at its size budget) does not load the SSO schemas with it.
 */
export const SSO_ERROR_PARAM = 'sso_error';
