/**
 * Identity scenarios: the cost of the session check (the same public route with and without a
 * session cookie; the difference is the authentication hook: one indexed lookup), a signed-in
 * route, and a password sign-in (argon2id, budget p95 <= 150 ms at low concurrency).
 *
 * They sign in with the demo accounts and the development login, which `npm run bench` provides
 * (it starts the server in development mode); against BENCH_URL, point it at a development server.
 * Without the development login the session scenarios run anonymously and say so.
 */
const DEMO = { loginId: 'member@hanbit.example', password: 'Demo-pass-2026!' };
const session = {}; // shared by reference with the scenarios' headers

async function devSignIn(url) {
  const res = await fetch(`${url}/api/auth/login/dev/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: DEMO.loginId }),
  });
  if (!res.ok) return null;
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function setupSession(url) {
  if (session.cookie) return;
  const cookie = await devSignIn(url);
  if (cookie) {
    session.cookie = cookie;
  } else {
    console.warn('auth scenarios: no development login on this server (production?): session scenarios run without a session; use BENCH_URL with a development server');
  }
}

export const scenarios = [
  { name: 'auth: check-logged-in, anonymous', method: 'GET', path: '/api/auth/check-logged-in/v1' },
  { name: 'auth: check-logged-in, with session', method: 'GET', path: '/api/auth/check-logged-in/v1', headers: session, setup: setupSession },
  { name: 'auth: profile (signed in)', method: 'GET', path: '/api/auth/profile/v1', headers: session, setup: setupSession },
  {
    name: 'auth: login (argon2id, p95 budget 150 ms)',
    method: 'POST',
    path: '/api/auth/login/v1',
    body: DEMO,
    connections: 2,
  },
];
