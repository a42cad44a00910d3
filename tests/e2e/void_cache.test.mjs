// get_void_descriptions and its cache (issue 14 item 1.1, "Bad input and faults"), driving the
// real binary against Oxigraph endpoints: a second call and a new process on the same folder
// answer from the cache without a request to the endpoint; refresh looks again; compute=never
// and compute=force do what they say; a cache file edited by hand is reported, moved aside and
// replaced, never a crash; an entry past its time to live is refreshed, or served stale with its
// age when the endpoint is down; with nothing cached a down endpoint is missing with the reason.
// Bad arguments get errors that say what to send, and the server keeps serving.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { computable, read_description } from "./lib/void_read.mjs";
import { describe_void, void_cache_dir } from "./lib/void_mcp.mjs";
import { start_void_oxigraph } from "./lib/void_servers.mjs";
import { call_tool, connect_sdk, text_of, write_catalogue } from "./lib/mcp.mjs";

const ERROR_PREFIX = "tool get_void_descriptions failed: ";

describe("get_void_descriptions refuses bad arguments and keeps serving", { timeout: 60000 }, () => {
  let wk;
  let catalogue;
  let cache;
  let session;

  before(async () => {
    wk = await start_void_oxigraph({ publish: ["well-known"] });
    catalogue = write_catalogue([{ id: "wk", endpoint: wk.endpoint }, { id: "other", endpoint: `${wk.origin}/query` }]);
    cache = void_cache_dir();
    session = await connect_sdk(catalogue.dir, cache.args);
  });

  after(async () => {
    await session?.close();
    await wk?.stop();
    catalogue?.remove();
    cache?.remove();
  });

  const refused = async (args) => {
    const { result, text } = await describe_void(session.client, args, { expect_error: true });
    assert.equal(result.isError, true, JSON.stringify(args));
    assert.ok(text.startsWith(ERROR_PREFIX), text);
    return text.slice(ERROR_PREFIX.length);
  };

  it("names an unknown endpoint and lists the known ones", async () => {
    assert.equal(await refused({ endpoint: "nope" }),
                 "unknown endpoint 'nope': name one by its id or IRI from list_endpoints; known endpoints: wk, other");
    assert.equal(await refused({ endpoints: ["wk", "http://127.0.0.1:1/sparql"] }),
                 "unknown endpoint 'http://127.0.0.1:1/sparql': name one by its id or IRI from list_endpoints; known endpoints: wk, other");
    assert.equal(await refused({}),
                 "get_void_descriptions needs 'endpoint' (an id or IRI from list_endpoints) or 'endpoints' (several); " +
                 "known endpoints: wk, other");
  });

  it("says which argument is wrong and what it must be", async () => {
    const cases = [
      [{ endpoint: 42 }, "invalid argument 'endpoint' of get_void_descriptions: expected a string, got an integer"],
      [{ endpoint: "wk", detail: "all" }, "invalid argument 'detail' of get_void_descriptions: 'all' is not one of: summary, full, turtle"],
      [{ endpoint: "wk", compute: "sometimes" },
       "invalid argument 'compute' of get_void_descriptions: 'sometimes' is not one of: auto, never, force"],
      [{ endpoint: "wk", refresh: "yes" }, "invalid argument 'refresh' of get_void_descriptions: expected true or false, got a string"],
      [{ endpoint: "wk", timeout_ms: -1 },
       "invalid argument 'timeout_ms' of get_void_descriptions: -1 is out of range; use a value from 0 to 600000"],
      [{ endpoint: "wk", max_chars: 999 },
       "invalid argument 'max_chars' of get_void_descriptions: 999 is out of range; use a value from 1000 to 1000000"],
      [{ endpoint: "wk", classes: [1] }, "get_void_descriptions: 'classes' must be an array of strings, got [1]"],
      [{ endpoint: "wk", properties: { p: 1 } }, "get_void_descriptions: 'properties' must be an array of strings, got {\"p\":1}"],
      [{ endpoints: 7 }, "get_void_descriptions: 'endpoints' must be an array of strings, got 7"],
      [{ endpoint: "wk", format: "turtle" },
       "unknown argument 'format' of get_void_descriptions; the arguments are: endpoint, endpoints, detail, classes, " +
       "properties, refresh, compute, max_chars, timeout_ms"],
    ];
    for (const [args, message] of cases) assert.equal(await refused(args), message, JSON.stringify(args));
  });

  it("describes at most 20 endpoints per call", async () => {
    const names = Array.from({ length: 21 }, (_, i) => `e${i}`);
    assert.equal(await refused({ endpoints: names }),
                 "get_void_descriptions describes at most 20 endpoints per call; 21 were asked: split them over several calls");
  });

  it("went on serving: nothing was asked of the endpoint, and a good call is answered", async () => {
    assert.equal((await wk.stats()).requests, 0);
    const listed = await call_tool(session.client, "list_endpoints", {});
    assert.equal(listed.isError, false);
    // An id and an IRI of the same entry are described once; each entry gets half the budget.
    const { entries, text } = await describe_void(session.client, { endpoints: ["wk", wk.endpoint, "other"], max_chars: 3000 });
    assert.deepEqual(entries.map((e) => [e.id, e.status]), [["wk", "retrieved"], ["other", "retrieved"]]);
    for (const e of entries) assert.ok(e.summary.chars <= 1500, `${e.id}: ${e.summary.chars} characters`);
    assert.ok(text.length <= 3000, `${text.length} characters`);
  });
});

describe("get_void_descriptions and its cache", { timeout: 120000 }, () => {
  let ox;
  let wk;
  let catalogue;
  let cache;
  let session;
  const requests = async (ep) => (await ep.stats()).requests;
  const restart = async (args = []) => {
    await session?.close();
    session = await connect_sdk(catalogue.dir, [...cache.args, ...args]);
  };
  const call = (args) => describe_void(session.client, args);

  before(async () => {
    [ox, wk] = await Promise.all([start_void_oxigraph({ publish: [] }), start_void_oxigraph({ publish: ["well-known"], seed: 2 })]);
    // "plain" is the same data as "ox" at another URL of the same server, with nothing cached.
    catalogue = write_catalogue([{ id: "ox", endpoint: ox.endpoint }, { id: "wk", endpoint: wk.endpoint },
                                 { id: "plain", endpoint: `${ox.origin}/query` }]);
    cache = void_cache_dir();
    await restart();
  });

  after(async () => {
    await session?.close();
    await Promise.all([ox?.stop(), wk?.stop()]);
    catalogue?.remove();
    cache?.remove();
  });

  it("answers a second call from the cache, and a new process from the file, without a request to the endpoint", async () => {
    const first = (await call({ endpoint: "ox", detail: "turtle" })).entry;
    assert.equal(first.status, "computed");
    const sent = await requests(ox);
    assert.equal(sent, 5 + first.source.queries);
    assert.equal(readFileSync(cache.file("ox"), "utf8"), first.turtle);
    const second = (await call({ endpoint: "ox", detail: "turtle" })).entry;
    assert.equal(second.status, "cached");
    assert.ok(Number.isInteger(second.age_seconds) && second.age_seconds >= 0, `age ${second.age_seconds}`);
    assert.equal(second.attempts, undefined);
    assert.deepEqual(second.source, first.source);
    assert.equal(second.turtle, first.turtle);
    assert.equal((await call({ endpoint: "wk" })).entry.status, "retrieved");
    assert.equal((await wk.stats()).served["/.well-known/void"], 1);

    await restart();
    const fresh = (await call({ endpoint: "ox", detail: "turtle" })).entry;
    assert.equal(fresh.status, "cached");
    assert.equal(fresh.turtle, first.turtle);
    const summary = (await call({ endpoint: "wk", detail: "full" })).entry;
    assert.equal(summary.status, "cached");
    assert.equal(summary.summary.origin, "retrieved");
    assert.equal(await requests(ox), sent);
    assert.equal((await wk.stats()).served["/.well-known/void"], 1);
  });

  it("looks again with refresh: true", async () => {
    const sent = await requests(ox);
    const again = (await call({ endpoint: "ox", refresh: true })).entry;
    assert.equal(again.status, "computed");
    assert.equal(await requests(ox), sent + 5 + again.source.queries);
    assert.equal((await call({ endpoint: "wk", refresh: true })).entry.status, "retrieved");
    assert.equal((await wk.stats()).served["/.well-known/void"], 2);
  });

  it("with compute: never gives nothing for an endpoint that publishes nothing, and says how to get it", async () => {
    const { entry, text } = await call({ endpoint: "plain", compute: "never" });
    const note = "the endpoint publishes no VoID and compute=never; compute=auto computes a description with aggregate queries";
    assert.deepEqual({ status: entry.status, note: entry.note, summary: entry.summary, source: entry.source },
                     { status: "missing", note, summary: undefined, source: undefined });
    assert.equal(entry.attempts.length, 5);
    assert.equal(text.split("\n")[0], `plain <${ox.origin}/query>: no description (${note})`);
    assert.match(text.split("\n")[1], new RegExp(`^Looked for published VoID: well-known ${ox.origin}/query/\\.well-known/void: HTTP 404; `));
    assert.equal(existsSync(cache.file("plain")), false);
  });

  it("with compute: force computes even what is published", async () => {
    const { entry } = await call({ endpoint: "wk", compute: "force", detail: "turtle" });
    assert.equal(entry.status, "computed");
    assert.equal(entry.attempts, undefined, "no discovery");
    const { provenance, ...figures } = await read_description(entry.turtle, wk.endpoint);
    assert.deepEqual(figures, computable(wk.figures));
    assert.equal(readFileSync(cache.file("wk"), "utf8"), entry.turtle);
    assert.equal((await call({ endpoint: "wk" })).entry.summary.origin, "computed");
  });

  it("reports a cache file edited by hand, moves it aside and makes a new description, never crashing", async () => {
    const file = cache.file("ox");
    const good = readFileSync(file, "utf8");
    assert.equal(good.split("\n")[14], "    void:triples 1983 ;");
    for (const [broken, error] of [
      [good.replace("void:triples 1983 ;", "void:triples 1983 1983 ;"), `${file}:15:23: missing ';' or '.'`],
      ["@prefix ex: <http://x/> .\nex:a ex:p ex:o .\n", `${file}: holds no VoID description (no void:Dataset with statistics or partitions)`],
    ]) {
      writeFileSync(file, broken);
      const { entry, text } = await call({ endpoint: "ox", detail: "turtle" });
      const note = `${error} (the file was moved aside to '${file}.bad'; it is not cached any more); a new description is made`;
      assert.deepEqual(entry.notes, [note]);
      assert.ok(text.endsWith(`\nNote: ${note}\n`), text.slice(-600));
      assert.equal(entry.status, "computed");
      assert.equal(readFileSync(`${file}.bad`, "utf8"), broken);
      assert.equal(readFileSync(file, "utf8"), entry.turtle);
      assert.equal((await call({ endpoint: "ox" })).entry.status, "cached");
    }
    // Broken before the server starts: reported in its log, moved aside, and made again.
    writeFileSync(file, "not turtle at all\n");
    await restart(["--log-level", "warn"]);
    assert.match(session.stderr(), new RegExp(`\\[warning\\] VoID cache: ${file}:1:\\d+: .* \\(the file was moved aside to '${file}\\.bad'; ` +
                                              "it is not cached any more\\)\n"));
    const { entry } = await call({ endpoint: "ox" });
    assert.deepEqual([entry.status, entry.notes], ["computed", undefined]);
    assert.equal(readFileSync(`${file}.bad`, "utf8"), "not turtle at all\n");
  });

  // The cache file of `id` made `years` older than it is (its provenance's end time).
  const age_file = (id, when) => {
    const text = readFileSync(cache.file(id), "utf8");
    const aged = text.replace(/prov:startedAtTime "[^"]*"/, `prov:startedAtTime "${when}"`)
                     .replace(/prov:endedAtTime "[^"]*"/, `prov:endedAtTime "${when}"`);
    assert.notEqual(aged, text);
    writeFileSync(cache.file(id), aged);
  };
  const OLD = "2020-01-01T00:00:00Z";

  it("refreshes an entry past its time to live (--void-ttl-hours) when the endpoint answers", async () => {
    age_file("wk", OLD);
    await restart(["--void-ttl-hours", "24"]);
    const served = (await wk.stats()).served["/.well-known/void"];
    const { entry } = await call({ endpoint: "wk" });
    assert.equal(entry.status, "retrieved");
    assert.equal((await wk.stats()).served["/.well-known/void"], served + 1);
    assert.doesNotMatch(readFileSync(cache.file("wk"), "utf8"), /2020-01-01/);
  });

  it("serves the cached description, marked stale with the reason and its age, when the endpoint is down", async () => {
    await ox.stop();
    const refused = `could not connect to 127.0.0.1:${new URL(ox.endpoint).port} (connection refused); is the endpoint up?`;
    const down = `the endpoint is unreachable (${refused})`;
    // refresh: true on a down endpoint.
    const { entry, text } = await call({ endpoint: "ox", refresh: true });
    assert.equal(entry.status, "stale");
    assert.equal(entry.note, `${down}; serving the cached description instead`);
    assert.ok(Number.isInteger(entry.age_seconds), `age ${entry.age_seconds}`);
    assert.deepEqual(entry.attempts.map((a) => [a.method, a.outcome]),
                     [["well-known", refused], ["service-description", refused]]);
    assert.ok(text.startsWith(`ox <${ox.endpoint}>: stale (${entry.age_seconds} s old; ${down}; serving the cached description instead)`),
              text.slice(0, 400));
    assert.equal(entry.summary.status, "stale");
    // An entry past its time to live, in a new process.
    age_file("ox", OLD);
    await restart(["--void-ttl-hours", "24"]);
    const before_call = Date.now();
    const old = (await call({ endpoint: "ox", detail: "turtle" })).entry;
    const after_call = Date.now();
    assert.equal(old.status, "stale");
    assert.equal(old.note, `${down}; serving the cached description instead`);
    const epoch = Date.parse(OLD);
    assert.ok(old.age_seconds >= Math.floor((before_call - epoch) / 1000) - 1 &&
              old.age_seconds <= Math.ceil((after_call - epoch) / 1000), `age ${old.age_seconds}`);
    const { provenance, ...figures } = await read_description(old.turtle, ox.endpoint);
    assert.deepEqual(figures, computable(ox.figures));
  });

  it("has nothing for a down endpoint with nothing cached, and says why", async () => {
    const { entry, text } = await call({ endpoint: "plain" });
    const port = new URL(ox.endpoint).port;
    const note = `the endpoint is unreachable (could not connect to 127.0.0.1:${port} (connection refused); is the endpoint up?) ` +
                 "and nothing is cached for it";
    assert.deepEqual([entry.status, entry.note, entry.summary], ["missing", note, undefined]);
    assert.equal(text.split("\n")[0], `plain <${ox.origin}/query>: no description (${note})`);
    assert.equal(existsSync(cache.file("plain")), false);
    assert.equal(text_of((await call_tool(session.client, "list_endpoints", {}))).includes("plain"), true);
  });
});
