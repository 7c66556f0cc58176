/**
 * A real nginx in front of a server, as docs/editor-server.md sets one up (the proxy headers, X-Forwarded-For from
 * `$proxy_add_x_forwarded_for`): a child process on a free loopback port, its configuration, pid and temporary files
 * in a folder of its own (no system service). scripts/tools/ensure-test-packages.sh installs Debian's nginx.
 *
 * Clients connect from distinct loopback addresses (127.0.0.0/8 is all this machine's), so nginx sees each as the
 * TCP peer it is and appends that address, as it does for a visitor on the internet; what a client writes in its own
 * X-Forwarded-For stays to the left of it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test-support/free-port';
import { waitFor } from './helpers';

const NGINX = '/usr/sbin/nginx';

export interface NginxProxy {
  /** http://127.0.0.1:<port>: the origin people open. */
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

function config(dir: string, port: number, upstreamPort: number): string {
  return `
daemon off;
# As root nginx would run its worker as nobody, who cannot enter this private folder.
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts nginx proxying to 127.0.0.1:`upstreamPort`; resolves once it accepts connections. */
export async function startNginx(upstreamPort: number): Promise<NginxProxy> {
  if (!existsSync(NGINX))
    throw new Error(`${NGINX} is missing: scripts/tools/ensure-test-packages.sh installs Debian's nginx (npm test runs it)`);
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), config(dir, port, upstreamPort));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(`nginx to listen on ${port}`, async () => {
    if (gone) throw new Error(`nginx exited:\n${output}`);
    return accepts(port);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      // QUIT: nginx finishes what it serves, then its master and worker exit.
      if (!gone) child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
}

/** One HTTP request through the proxy from the loopback address `from` (127.0.0.x), as a browser there would send it. */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ProxiedAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: from,
        // A new connection for each request: nginx must see this address as its peer.
        agent: false,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // Not JSON (an empty 204).
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, json });
        });
      },
    );
    sent.once('error', reject);
    sent.end(body);
  });
}
