// Loopback HTTP servers for the benchmarks (127.0.0.1 only, random free port), counting requests by path.
import http from "node:http";

/** Starts a server whose `handler(req, res, body)` gets the request body already read. */
export function startServer(handler) {
  const counts = new Map();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const route = (req.url ?? "").split("?")[0];
      counts.set(route, (counts.get(route) ?? 0) + 1);
      handler(req, res, Buffer.concat(chunks));
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        counts,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** POSTs a chat request body (JSON text) to the loopback server's `/v1/chat/completions` with fetch. */
export function postChat(url, body) {
  return fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
}
