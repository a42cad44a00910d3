// A SPARQL endpoint the test scripts request by request: a real HTTP server on 127.0.0.1 in the
// test's own process that answers nothing by itself. Each request it receives is handed to the
// test (next_request()), which answers it when and how it wants (503 with Retry-After, an ASK
// result, ...) or waits for the client to give up on it (abandoned). Tests thereby wait on
// events -- "the request has arrived", "the client closed it" -- instead of on sleeps.
import { createServer } from "node:http";

export const ASK_TRUE = JSON.stringify({ head: {}, boolean: true });
export const SPARQL_JSON = "application/sparql-results+json";

// Resolves with { url(path), next_request(timeout_ms), received, stop() }. A request is
// { method, path, query (the SPARQL text), reply(status, body, headers), abandoned (a promise
// that resolves when the client closes the request before a reply) }.
export async function start_scripted_endpoint() {
  const queue = [];    // requests not yet taken by next_request()
  const waiters = [];  // next_request() calls waiting for a request
  const open = new Set();
  let received = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => { body += chunk; });
    req.on("end", () => {
      ++received;
      const url = new URL(req.url, "http://127.0.0.1");
      const form = req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")
        ? new URLSearchParams(body).get("query") : null;
      let settle_abandoned;
      const request = {
        method: req.method,
        path: url.pathname,
        query: url.searchParams.get("query") ?? form ?? body,
        abandoned: new Promise((resolve) => { settle_abandoned = resolve; }),
        reply(status, text = "", headers = {}) {
          open.delete(res);
          res.writeHead(status, { "Content-Type": SPARQL_JSON, ...headers });
          res.end(text);
        },
      };
      open.add(res);
      res.on("close", () => {
        if (!res.writableFinished) settle_abandoned(true);
        open.delete(res);
      });
      const waiter = waiters.shift();
      if (waiter) waiter(request);
      else queue.push(request);
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  return {
    url: (path = "/sparql") => `http://127.0.0.1:${port}${path}`,
    get received() { return received; },
    next_request(timeout_ms = 30000) {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(take), 1);
          reject(new Error(`no request reached the scripted endpoint within ${timeout_ms} ms`));
        }, timeout_ms);
        const take = (request) => { clearTimeout(timer); resolve(request); };
        waiters.push(take);
      });
    },
    async stop() {
      for (const res of open) res.destroy();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
