// PUBLIC_URL: the origin of mailed links is configured, required in
// production (the server refuses to start without it), else the server's own listen address.
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { PublicUrlError, resolvePublicUrl } from './public-url';

it('uses PUBLIC_URL, normalised, and refuses what is not an http(s) origin', () => {
  expect(
    resolvePublicUrl(
      { PUBLIC_URL: 'https://gate.example.com/', NODE_ENV: 'production' },
      { host: '0.0.0.0', port: 8080 },
    ),
  ).toBe('https://gate.example.com');
  expect(resolvePublicUrl({ PUBLIC_URL: 'https://example.com/gate/' }, { host: '0.0.0.0', port: 8080 })).toBe(
    'https://example.com/gate',
  );
  expect(() => resolvePublicUrl({ PUBLIC_URL: 'gate.example.com' }, { host: '0.0.0.0', port: 1 })).toThrow(
    PublicUrlError,
  );
  expect(() => resolvePublicUrl({ PUBLIC_URL: 'javascript:alert(1)' }, { host: '0.0.0.0', port: 1 })).toThrow(
    /https:\/\/ or http:\/\//,
  );
});

it('in development falls back to the listen address', () => {
  expect(resolvePublicUrl({ NODE_ENV: 'development' }, { host: '0.0.0.0', port: 8080 })).toBe('http://localhost:8080');
  expect(resolvePublicUrl({}, { host: '127.0.0.1', port: 3000 })).toBe('http://127.0.0.1:3000');
});

it('a production server without PUBLIC_URL refuses to start with a clear message', async () => {
  expect(() => resolvePublicUrl({ NODE_ENV: 'production' }, { host: '0.0.0.0', port: 8080 })).toThrow(
    /PUBLIC_URL is required when NODE_ENV=production/,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: '',
      DATABASE_URL: '',
      DATA_DIR: '/nonexistent/gatehouse-never-opened',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(output).toContain('PUBLIC_URL is required when NODE_ENV=production');
});
