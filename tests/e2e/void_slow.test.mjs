// get_void_descriptions on a slow endpoint (issue 14 item 4): Oxigraph's /slow route delays every
// answer, so a computation of the 2,000-triple data takes seconds. A call with a small timeout_ms
// answers at once with a partial description that names what is missing, and the computation
// goes on in the background; a later call joins it, hears its progress and gets the whole
// description (a cancelled call does not stop it); the endpoint sees one computation. A
// 2026-07-28 client that accepts tasks gets a task instead, polled with tasks/get until its
// result is there: the description the cache then holds.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { computable, read_description } from "./lib/void_read.mjs";
import { describe_void, TOOL, void_cache_dir, wait_for_file } from "./lib/void_mcp.mjs";
import { start_void_oxigraph } from "./lib/void_servers.mjs";
import { connect_sdk, RawSession, write_catalogue } from "./lib/mcp.mjs";

const MODERN = "2026-07-28";
const TASKS = "io.modelcontextprotocol/tasks";
// A 2026-07-28 request's _meta, declaring the tasks extension.
const with_tasks = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": { extensions: { [TASKS]: {} } },
  "io.modelcontextprotocol/clientInfo": { name: "void-e2e", version: "1.0.0" },
};
const STATUS_MESSAGE = /^(computing VoID: \d+ of \d+ queries answered; [01] computations? running|searching for published VoID at 1 endpoint)$/;

describe("get_void_descriptions on a slow endpoint", { timeout: 180000 }, () => {
  let ep;
  let catalogue;
  let slow_url;

  before(async () => {
    ep = await start_void_oxigraph({ publish: [] });
    // 400 ms per answer: the computation's 125 queries, 4 at a time, take at least 12.8 s, longer
    // than the 5 s after which the server sends a call's first progress notification.
    slow_url = `${ep.origin}/slow?ms=400`;
    catalogue = write_catalogue([{ id: "slow", endpoint: slow_url }, { id: "task", endpoint: `${ep.origin}/slow?ms=100` }]);
  });

  after(async () => {
    await ep?.stop();
    catalogue?.remove();
  });

  it("answers at once while it searches, partial while it computes, then a call that waits hears progress and gets the whole description of the one computation", async () => {
    const cache = void_cache_dir();
    const session = await connect_sdk(catalogue.dir, cache.args);
    try {
      // timeout_ms holds for the search for published VoID too: it goes on in the background,
      // and the computation starts when it ends without finding any.
      const searching = await describe_void(session.client, { endpoint: "slow", timeout_ms: 0, detail: "full" });
      let partial = searching;
      // Every answer of the endpoint takes 400 ms: the search takes seconds.
      assert.equal(searching.entry.status, "missing");
      {
        assert.match(searching.entry.note,
                     /^the search for the VoID it publishes goes on in the background \(it did not end within the 0 ms asked for\); call again for its result, or for a computed description when it publishes none$/);
        // Each call returns at once; the search's end (an event) turns the answer partial.
        for (let calls = 0; partial.entry.status === "missing"; ++calls) {
          assert.ok(calls < 10000, "the search never ended");
          partial = await describe_void(session.client, { endpoint: "slow", timeout_ms: 0, detail: "full" });
        }
      }
      assert.equal(partial.entry.status, "partial");
      assert.match(partial.entry.note,
                   /^the computation goes on in the background \(\d+ of \d+ queries answered so far\); call again for the whole description$/);
      const summary = partial.entry.summary;
      assert.equal(summary.status, "partial");
      assert.equal(summary.missing.length, 1);
      assert.equal(summary.missing[0].part, "not computed yet");
      assert.match(summary.missing[0].reason, /^\d+ of \d+ queries still to answer; the computation goes on in the background$/);
      assert.match(partial.text, /\nMissing \(the description is partial\): not computed yet \(\d+ of \d+ queries still to answer; /);
      assert.equal(partial.entry.attempts.length, 5, "discovery ran first");

      // A call that waits hears the computation's progress; cancelling it leaves the
      // computation running.
      const heard = [];
      const abort = new AbortController();
      const cancelled = describe_void(session.client, { endpoint: "slow", timeout_ms: 120000 }, {
        signal: abort.signal,
        onprogress: (progress) => {
          heard.push(progress);
          abort.abort();
        },
      });
      await assert.rejects(cancelled, { code: -32001, message: /AbortError/ });  // the SDK's way to say so
      assert.equal(heard.length, 1);
      const [progress] = heard;
      assert.ok(progress.progress > 0 && progress.progress <= progress.total, JSON.stringify(progress));
      assert.match(progress.message, /^slow: \S/);

      const whole = await describe_void(session.client, { endpoint: "slow", timeout_ms: 120000, detail: "turtle" });
      assert.equal(whole.entry.status, "computed");
      assert.deepEqual(whole.entry.attempts, partial.entry.attempts,
                       "it joined the computation: the one search's attempts, no discovery of its own");
      const { provenance, ...figures } = await read_description(whole.entry.turtle, slow_url);
      assert.deepEqual(figures, computable(ep.figures));
      assert.deepEqual(provenance.missing, []);
      assert.ok(provenance.queries >= progress.total);
      // One discovery and one computation reached the endpoint, whoever waited for it.
      assert.equal((await ep.stats()).requests, 5 + provenance.queries);
      assert.equal(readFileSync(cache.file("slow"), "utf8"), whole.entry.turtle);
      assert.equal((await describe_void(session.client, { endpoint: "slow" })).entry.status, "cached");
    } finally {
      await session.close();
      cache.remove();
    }
  });

  it("answers a client that accepts tasks with a task whose result is the description then cached", async () => {
    const cache = void_cache_dir();
    const raw = new RawSession(catalogue.dir, cache.args);
    try {
      const call = (args) => raw.request("tools/call", { name: TOOL, arguments: args, _meta: with_tasks }, 60000);
      const created = (await call({ endpoint: "task", timeout_ms: 0, detail: "turtle" })).result;
      assert.equal(created.resultType, "task");
      assert.equal(created.status, "working");
      assert.match(created.taskId, /^[0-9a-f]{32}$/);
      assert.match(created.statusMessage, STATUS_MESSAGE);
      assert.ok(Number.isInteger(created.pollIntervalMs) && created.pollIntervalMs > 0);

      // The computation's end writes the cache file; the task completes with it.
      await wait_for_file(cache.file("task"));
      let task;
      for (;;) {
        task = (await raw.request("tasks/get", { taskId: created.taskId, _meta: with_tasks })).result;
        assert.equal(task.taskId, created.taskId);
        if (task.status !== "working") break;
        assert.match(task.statusMessage, STATUS_MESSAGE);
        await new Promise((resolve) => setTimeout(resolve, task.pollIntervalMs));  // the server's own pace
      }
      assert.equal(task.status, "completed");
      const result = task.result;
      assert.equal(result.isError, false);
      const [done] = result.structuredContent.descriptions;
      assert.equal(done.status, "computed");
      assert.equal(done.turtle, readFileSync(cache.file("task"), "utf8"));
      const { provenance, ...figures } = await read_description(done.turtle, `${ep.origin}/slow?ms=100`);
      assert.deepEqual(figures, computable(ep.figures));
      assert.deepEqual(provenance.missing, []);

      // A fresh call is answered from the cache at once (no task) with the same description.
      const cached = (await call({ endpoint: "task", timeout_ms: 0, detail: "turtle" })).result;
      assert.equal(cached.resultType, "complete");
      const [again] = cached.structuredContent.descriptions;
      assert.equal(again.status, "cached");
      const same = ({ id, endpoint, source, turtle }) => ({ id, endpoint, source, turtle });
      assert.deepEqual(same(again), same(done));
      assert.equal(cached.content[0].text.replace(": cached\n", ": computed\n"), result.content[0].text);
      assert.deepEqual(raw.bad_lines, []);
    } finally {
      await raw.close();
      cache.remove();
    }
  });
});
