// `sparql-mcp void ENDPOINT...|--all` (issue 14 item 4) fills the VoID cache ahead of time: one
// result line per endpoint on stdout, progress lines on stderr (not a terminal here), a cache file
// per endpoint that a server started later answers from without a request to the endpoint. An
// unknown endpoint, bad usage and an endpoint that is down are told by the exit status and a
// message.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { computable, read_description } from "./lib/void_read.mjs";
import { describe_void, void_cache_dir } from "./lib/void_mcp.mjs";
import { start_void_oxigraph } from "./lib/void_servers.mjs";
import { free_port } from "./lib/servers.mjs";
import { assert_no_sanitizer_report, binary, connect_sdk, write_catalogue } from "./lib/mcp.mjs";

// Runs the command to its end; resolves { status, stdout, stderr }.
function run(args, timeout_ms = 120000) {
  return new Promise((resolve) => {
    execFile(binary(), args, { timeout: timeout_ms, killSignal: "SIGKILL" }, (error, stdout, stderr) => {
      assert_no_sanitizer_report(stderr);
      resolve({ status: error ? error.code : 0, stdout, stderr });
    });
  });
}

describe("sparql-mcp void", { timeout: 120000 }, () => {
  let a;
  let b;
  let catalogue;
  let cache;
  let down_port;
  const options = () => ["--catalogue", catalogue.dir, ...cache.args, "--log-level", "warn"];

  before(async () => {
    [a, b] = await Promise.all([start_void_oxigraph({ publish: [] }), start_void_oxigraph({ publish: ["well-known"], seed: 2 })]);
    down_port = await free_port();
    catalogue = write_catalogue([{ id: "a", endpoint: a.endpoint }, { id: "b", endpoint: b.endpoint }]);
    cache = void_cache_dir();
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    catalogue?.remove();
    cache?.remove();
  });

  it("describes every catalogue entry with --all: a line each on stdout, progress on stderr, a cache file each", async () => {
    const { status, stdout, stderr } = await run(["void", "--all", ...options()]);
    assert.equal(status, 0, stderr);
    const lines = stdout.split("\n");
    assert.equal(lines.pop(), "");
    assert.equal(lines.length, 2, stdout);
    const computed = new RegExp(`^a: computed, ${a.figures.triples} triples, ${a.figures.class_count} classes, ` +
                                `${a.figures.property_count} properties; (\\d+) queries in \\d+ ms, the longest \\d+ ms$`);
    const queries = Number(computed.exec(lines[0])?.[1]);
    assert.ok(queries > 0, lines[0]);
    assert.equal(lines[1], `b: retrieved, ${b.figures.triples} triples, ${b.figures.class_count} classes, ` +
                           `${b.figures.property_count} properties; published at ${b.origin}/.well-known/void (well-known)`);
    // Progress: a line every 25 queries and one at the end, rising, each once.
    const progress = stderr.split("\n").filter((line) => line !== "");
    const counts = progress.map((line) => {
      const m = /^a: (\d+)\/(\d+) queries \((.+)\)$/.exec(line);
      assert.ok(m, `not a progress line: ${line}`);
      return Number(m[1]);
    });
    assert.deepEqual(counts, [...new Set(counts)].sort((x, y) => x - y));
    assert.equal(counts.at(-1), queries);
    assert.ok(progress.at(-1).startsWith(`a: ${queries}/${queries} queries (`), progress.at(-1));
    assert.ok(counts.length >= Math.floor(queries / 25), stderr);

    assert.deepEqual(readdirSync(cache.dir).sort(), ["a.ttl", "b.ttl"]);
    const { provenance, ...figures } = await read_description(await readFile(cache.file("a"), "utf8"), a.endpoint);
    assert.deepEqual(figures, computable(a.figures));
    assert.equal(provenance.queries, queries);
    assert.equal(provenance.origin, "Computed");
    assert.equal((await read_description(await readFile(cache.file("b"), "utf8"), b.endpoint)).provenance.origin, "Retrieved");
  });

  it("leaves a cache that a server started afterwards answers from, without a request to the endpoints", async () => {
    const sent = [(await a.stats()).requests, (await b.stats()).requests];
    const session = await connect_sdk(catalogue.dir, cache.args);
    try {
      for (const [id, origin] of [["a", "computed"], ["b", "retrieved"]]) {
        const { entry } = await describe_void(session.client, { endpoint: id });
        assert.equal(entry.status, "cached", id);
        assert.equal(entry.summary.origin, origin);
      }
    } finally {
      await session.close();
    }
    assert.deepEqual([(await a.stats()).requests, (await b.stats()).requests], sent);
  });

  it("takes endpoints by id or IRI, and answers from the cache unless asked to refresh", async () => {
    const cached = await run(["void", b.endpoint, "a", ...options()]);
    assert.equal(cached.status, 0, cached.stderr);
    assert.deepEqual(cached.stdout.split("\n").map((line) => line.split(",")[0]), ["b: cached", "a: cached", ""]);
    assert.equal(cached.stderr, "");
    const served = (await b.stats()).served["/.well-known/void"];
    const refreshed = await run(["void", "--refresh", "b", ...options()]);
    assert.equal(refreshed.status, 0, refreshed.stderr);
    assert.match(refreshed.stdout, /^b: retrieved, /);
    assert.equal((await b.stats()).served["/.well-known/void"], served + 1);
  });

  it("refuses an unknown endpoint and bad usage with a message and a non-zero status, writing nothing", async () => {
    const before_files = readdirSync(cache.dir).sort();
    const unknown = await run(["void", "a", "nope", ...options()]);
    assert.deepEqual(unknown, {
      status: 1, stdout: "",
      stderr: "sparql-mcp void: unknown endpoint 'nope': name catalogue entries by id or endpoint IRI; the catalogue has a, b\n",
    });
    for (const [args, message] of [
      [[], "void needs the endpoints to describe (ids or IRIs from the catalogue) or --all"],
      [["--all", "a"], "void takes either endpoints or --all, not both"],
      [["a", "--compute", "sometimes"], "--compute must be auto, never or force"],
    ]) {
      assert.deepEqual(await run(["void", ...args, ...options()]),
                       { status: 2, stdout: "", stderr: `sparql-mcp: ${message} (see sparql-mcp --help)\n` }, args.join(" "));
    }
    assert.deepEqual(readdirSync(cache.dir).sort(), before_files);
  });

  it("exits with status 1 when an endpoint is down and nothing is cached for it, after describing the others", async () => {
    const down = `http://127.0.0.1:${down_port}/sparql`;
    const { status, stdout } = await run(["void", down, "a", ...options(), "--endpoint", down]);
    assert.equal(status, 1);
    const [first, second, end] = stdout.split("\n");
    assert.equal(first.split(": missing — ")[1],
                 `the endpoint is unreachable (could not connect to 127.0.0.1:${down_port} (connection refused); ` +
                 "is the endpoint up?) and nothing is cached for it");
    assert.match(second, /^a: cached, /);
    assert.equal(end, "");
    assert.equal(existsSync(cache.file(first.split(":")[0])), false);
  });
});
