/** Addresses the shell itself knows. Feature routes add theirs next to their pages. */
export const PATHS = {
  home: '/',
  /** Built by the sign-in issue; sign-out already sends users there. */
  signIn: '/sign-in',
} as const;
