// `npm run dev`: the API (tsx watch, PGlite in ./data unless DATABASE_URL) on API_PORT
// and Vite with HMR on PORT, proxying /api and /health to it. One command, both killed
// together on Ctrl+C.
import { spawn } from 'node:child_process';

const PORT = process.env.PORT ?? '3000';
const API_PORT = process.env.API_PORT ?? '3001';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: API_PORT, SKIP_BUILD: '1', PUBLIC_PORT: PORT },
  }),
  spawn('npx', ['vite', '--port', PORT, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT },
  }),
];

function stop(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
console.log(`Balcão em desenvolvimento: http://demo.localhost:${PORT} (API em :${API_PORT})`);
