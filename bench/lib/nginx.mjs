// A throwaway nginx (Debian's package, installed when missing) serving one folder on a free loopback
// port, with a generated configuration in its own folder: the files bench's reference server. One
// worker process, as the hub is one process; sendfile on, as nginx serves static files by default.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { ensureNginx } from "../../scripts/lib.mjs";

export const NGINX = "/usr/sbin/nginx";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts nginx serving `root` at http://127.0.0.1:<port>/; `dir` holds its config, logs and temp files. */
export async function startNginx(root, dir) {
  if (!ensureNginx()) throw new Error(`nginx is not installed (${NGINX}) and apt-get could not install it`);
  mkdirSync(path.join(dir, "tmp"), { recursive: true });
  const port = await freePort();
  const temp = (name) => `${name} ${path.join(dir, "tmp", name.replace(/_path$/, ""))};`;
  const config = [
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    "worker_processes 1;",
    "daemon off;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    "  sendfile on;",
    "  tcp_nopush on;",
    "  keepalive_requests 1000000;",
    "  default_type application/octet-stream;",
    ...[
      "client_body_temp_path",
      "proxy_temp_path",
      "fastcgi_temp_path",
      "uwsgi_temp_path",
      "scgi_temp_path",
    ].map((name) => `  ${temp(name)}`),
    `  server { listen 127.0.0.1:${port}; root ${root}; location / { } }`,
    "}",
  ].join("\n");
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, config);
  const child = spawn(NGINX, ["-p", dir, "-c", file], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  // Wait for it to answer (or to exit with its error).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr.slice(-400)}`);
    try {
      await fetch(`${url}/`, { method: "HEAD" });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`nginx did not answer on ${url} in 15 s: ${stderr.slice(-400)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
