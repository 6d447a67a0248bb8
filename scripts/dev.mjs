// `npm run dev`: the API with reload on change (port 3000) and the Vite dev server (port 5173,
// proxying /api and /dev to the API). Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@legal/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@legal/web'], { stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((c) => c.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; }));
