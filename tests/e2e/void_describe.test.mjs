// get_void_descriptions against real Oxigraph endpoints (issue 14 items 1 and 6): an endpoint
// that publishes nothing gets a computed description whose every count equals what
// tests/servers/void/count.mjs counted from the data alone, read back from the Turtle the tool
// hands out and from the summary's structuredContent; an endpoint that publishes its VoID (at a
// well-known URL, in its Service Description or linked from it, in its default graph or a named
// graph) gets that VoID, retrieved with the right method and source and stating the published
// figures; broken Turtle and an HTML page at /.well-known/void are reported in `attempts` with
// the reason, and the next sources are still tried.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { without_resource_objects } from "./lib/void_figures.mjs";
import { computable, check_summary_counts, parse_turtle, read_description } from "./lib/void_read.mjs";
import { describe_void, void_cache_dir } from "./lib/void_mcp.mjs";
import { start_void_oxigraph } from "./lib/void_servers.mjs";
import { connect_sdk, write_catalogue } from "./lib/mcp.mjs";

const USER_AGENT = /^sparql-mcp\/\S+ \(VoID statistics for an MCP server; \+https:\/\/github\.com\/sparql-mcp\)$/;

// What discovery tries on an Oxigraph endpoint at ORIGIN/sparql that publishes nothing, in order.
const nothing_published = (ep) => [
  { method: "well-known", source: `${ep.origin}/sparql/.well-known/void`, outcome: "HTTP 404" },
  { method: "well-known", source: `${ep.origin}/.well-known/void`, outcome: "HTTP 404" },
  { method: "service-description", source: ep.endpoint, outcome: "no VoID in 14 triples" },
  { method: "default-graph", source: ep.endpoint, outcome: "no VoID" },
  { method: "named-graph", source: ep.endpoint, outcome: "no named graph holds VoID" },
];

// The ways to publish, each with the method and source the retrieved description must name and
// the attempts before it: [name, publish, (ep) => {method, source, attempts}].
const WAYS = [
  ["well-known", ["well-known"], (ep) => ({
    method: "well-known", source: `${ep.origin}/.well-known/void`,
    attempts: [["well-known", `${ep.origin}/sparql/.well-known/void`, "HTTP 404"]],
  })],
  ["well-known-path", ["well-known-path"], (ep) => ({
    method: "well-known", source: `${ep.origin}/ds/.well-known/void`,
    attempts: [["well-known", `${ep.origin}/ds/sparql/.well-known/void`, "HTTP 404"]],
  })],
  // The source is the well-known URL asked for; the document read is the one it redirects to.
  ["redirect", ["redirect"], (ep) => ({
    method: "well-known", source: `${ep.origin}/.well-known/void`,
    attempts: [["well-known", `${ep.origin}/sparql/.well-known/void`, "HTTP 404"]],
  })],
  ["service-description", ["service-description"], (ep) => ({
    method: "service-description", source: ep.endpoint,
    attempts: nothing_published(ep).slice(0, 2).map((a) => [a.method, a.source, a.outcome]),
  })],
  ["service-description-link", ["service-description-link"], (ep) => ({
    method: "service-description", source: `${ep.origin}/void/ds.ttl`,
    attempts: [...nothing_published(ep).slice(0, 2).map((a) => [a.method, a.source, a.outcome]),
               ["service-description", ep.endpoint, "no VoID in 19 triples"]],
  })],
  ["default-graph", ["default-graph"], (ep) => ({
    method: "default-graph", source: ep.endpoint,
    attempts: nothing_published(ep).slice(0, 3).map((a) => [a.method, a.source, a.outcome]),
  })],
  ["named-graph", ["named-graph"], (ep) => ({
    method: "named-graph", source: ep.void_graph,
    attempts: [...nothing_published(ep).slice(0, 4).map((a) => [a.method, a.source, a.outcome]),
               ["named-graph", ep.endpoint, "1 named graphs hold VoID"]],
  })],
  // Faults at /.well-known/void: reported, and the next source is tried.
  ["bad-turtle+service-description", ["bad-turtle", "service-description"], (ep) => ({
    method: "service-description", source: ep.endpoint,
    attempts: [["well-known", `${ep.origin}/sparql/.well-known/void`, "HTTP 404"],
               ["well-known", `${ep.origin}/.well-known/void`,
                `malformed turtle: ${ep.origin}/.well-known/void:4:3: missing ';' or '.'`]],
  })],
  ["html+default-graph", ["html", "default-graph"], (ep) => ({
    method: "default-graph", source: ep.endpoint,
    attempts: [["well-known", `${ep.origin}/sparql/.well-known/void`, "HTTP 404"],
               ["well-known", `${ep.origin}/.well-known/void`, "an HTML page, not RDF"],
               ["service-description", ep.endpoint, "no VoID in 14 triples"]],
  })],
];

describe("get_void_descriptions on Oxigraph endpoints", { timeout: 150000 }, () => {
  const servers = {};
  let catalogue;
  let cache;
  let session;

  before(async () => {
    const wanted = [["none", []], ["bad-turtle", ["bad-turtle"]], ["html", ["html"]],
                    ...WAYS.map(([name, publish]) => [name, publish])];
    const started = await Promise.allSettled(wanted.map(([, publish], i) => start_void_oxigraph({ publish, seed: i + 1 })));
    wanted.forEach(([name], i) => { servers[name] = started[i].value; });
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    catalogue = write_catalogue(wanted.map(([name]) => ({ id: name.replace(/\+/g, "-"), endpoint: servers[name].endpoint })));
    cache = void_cache_dir();
    session = await connect_sdk(catalogue.dir, cache.args);
  });

  after(async () => {
    await session?.close();
    await Promise.all(Object.values(servers).map((s) => s?.stop()));
    catalogue?.remove();
    cache?.remove();
  });

  it("computes the description of an endpoint that publishes nothing, every count equal to the counter's", async () => {
    const ep = servers.none;
    const { entry, text } = await describe_void(session.client, { endpoint: "none", detail: "turtle" });
    assert.equal(entry.status, "computed");
    assert.equal(entry.id, "none");
    assert.equal(entry.endpoint, ep.endpoint);
    assert.deepEqual(entry.attempts, nothing_published(ep));
    const { provenance, ...figures } = await read_description(entry.turtle, ep.endpoint);
    assert.deepEqual(figures, computable(ep.figures));
    assert.equal(provenance.origin, "Computed");
    assert.equal(provenance.method, "computed");
    assert.equal(provenance.source, ep.endpoint);
    assert.equal(provenance.failed_queries, 0);
    assert.deepEqual(provenance.missing, []);
    assert.match(provenance.user_agent, USER_AGENT);
    // 3 totals, 3 per class, 1 per property, 2 dataset distincts.
    assert.equal(provenance.queries, 3 + 3 * ep.figures.class_count + ep.figures.property_count + 2);
    assert.deepEqual(entry.source, {
      origin: "computed", method: "computed", source: ep.endpoint, queries: provenance.queries, failed_queries: 0,
      description: `computed with ${provenance.queries} aggregate queries sent to ${ep.endpoint}`,
    });
    // The endpoint saw discovery (two well-known GETs, the Service Description, the default and
    // named graph queries) and the computation's queries, nothing else.
    assert.equal((await ep.stats()).requests, 5 + provenance.queries);
    // The text is the Turtle after one comment line, and stands alone for any RDF parser.
    assert.equal(text, `# none <${ep.endpoint}>: computed\n${entry.turtle}`);
    assert.equal(parse_turtle(text).size, parse_turtle(entry.turtle).size);
    assert.doesNotMatch(entry.turtle, /@base|<#|<\/|<\.\.\//);
  });

  it("shows the same counts in the summary's structuredContent, in full and within 8,000 characters by default", async () => {
    const ep = servers.none;
    const full = await describe_void(session.client, { endpoint: "none", detail: "full", max_chars: 100000 });
    const summary = full.entry.summary;
    assert.equal(full.entry.status, "cached");
    assert.equal(summary.status, "cached");
    assert.equal(summary.origin, "computed");
    assert.equal(summary.detail, "full");
    assert.equal(summary.cut, undefined, "nothing is cut from 100,000 characters");
    // Every class, every property and a shape of every class, each count as counted.
    assert.deepEqual(summary.classes.map((c) => c.class).length, ep.figures.class_count);
    assert.equal(summary.properties.length, ep.figures.property_count);
    assert.equal(summary.shapes.length, ep.figures.class_count);
    const compared = check_summary_counts(summary, ep.figures);
    assert.ok(compared > 500, `${compared} counts compared`);
    assert.equal(full.text.length, summary.chars);

    const short = await describe_void(session.client, { endpoint: "none" });
    assert.equal(short.entry.summary.detail, "summary");
    assert.ok(short.text.length <= 8000, `${short.text.length} characters`);
    assert.equal(short.text.length, short.entry.summary.chars);
    assert.match(short.text, new RegExp(`^none <${ep.endpoint}>: cached \\(\\d+ s old\\) · computed with \\d+ queries at .* · ` +
                                        `1,983 triples · 20 classes · 60 properties\n`));
    check_summary_counts(short.entry.summary, ep.figures);
    // Filters narrow it to what is asked, with the same counts.
    const person = await describe_void(session.client, { endpoint: "none", detail: "full", classes: ["person"], properties: ["gen:knows"] });
    assert.deepEqual(person.entry.summary.shapes.map((s) => [s.class, s.properties.map((p) => p.property)]),
                     [["gen:Person", ["gen:knows"]]]);
    check_summary_counts(person.entry.summary, ep.figures);
  });

  for (const [name, , expected] of WAYS) {
    it(`retrieves the VoID published by way of ${name}, with its method, source and figures`, async () => {
      const ep = servers[name];
      const id = name.replace(/\+/g, "-");
      const want = expected(ep);
      const { entry } = await describe_void(session.client, { endpoint: id, detail: "turtle" });
      assert.equal(entry.status, "retrieved");
      assert.deepEqual(entry.source, {
        origin: "retrieved", method: want.method, source: want.source, queries: 0, failed_queries: 0,
        description: `published VoID (${want.method}: ${want.source})`,
      });
      const attempts = entry.attempts.map((a) => [a.method, a.source, a.outcome]);
      const found = attempts.pop();
      assert.deepEqual(attempts, want.attempts);
      assert.deepEqual(found.slice(0, 2), [want.method, want.source]);
      assert.equal(found[2], `found: ${ep.figures.class_count} classes, ${ep.figures.property_count} properties`);
      const { provenance, ...figures } = await read_description(entry.turtle, ep.endpoint);
      assert.deepEqual(figures, computable(without_resource_objects(ep.figures)));
      assert.deepEqual({ origin: provenance.origin, method: provenance.method, source: provenance.source, missing: provenance.missing },
                       { origin: "Retrieved", method: want.method, source: want.source, missing: [] });
      if (name === "redirect") {
        assert.deepEqual((await ep.stats()).served, { "/.well-known/void": 1, "/void/ds.ttl": 1 });
      }
      // The summary tells where it was read.
      const summary = (await describe_void(session.client, { endpoint: id })).entry.summary;
      assert.equal(summary.origin, "retrieved");
      assert.equal(summary.method, want.method);
      assert.equal(summary.source, want.source);
      check_summary_counts(summary, without_resource_objects(ep.figures));
    });
  }

  it("reports broken Turtle and an HTML page at /.well-known/void, tries every other source, then computes", async () => {
    for (const [name, outcome] of [["bad-turtle", (ep) => `malformed turtle: ${ep.origin}/.well-known/void:4:3: missing ';' or '.'`],
                                   ["html", () => "an HTML page, not RDF"]]) {
      const ep = servers[name];
      const { entry } = await describe_void(session.client, { endpoint: name, detail: "turtle" });
      assert.equal(entry.status, "computed", name);
      const attempts = nothing_published(ep);
      attempts[1].outcome = outcome(ep);
      assert.deepEqual(entry.attempts, attempts);
      const { provenance, ...figures } = await read_description(entry.turtle, ep.endpoint);
      assert.deepEqual(figures, computable(ep.figures));
      assert.equal(provenance.origin, "Computed");
    }
  });
});
