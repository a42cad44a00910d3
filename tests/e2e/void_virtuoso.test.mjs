// get_void_descriptions against a real Virtuoso (issue 14 items 1 and 6): the endpoint that
// publishes nothing is computed exactly (every count equal to tests/servers/void/count.mjs's),
// the VoID in one endpoint's default graph and in another's named graph is retrieved, and on
// data with 10,521 classes, where Virtuoso cuts `GROUP BY ?c` at 10,000 rows, the result cap
// corrupts nothing silently: the class count is the true one, every class listed has its true
// count, and what a listing could not hold is named as missing.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { without_resource_objects } from "./lib/void_figures.mjs";
import { computable, check_summary_counts, read_description } from "./lib/void_read.mjs";
import { describe_void, void_cache_dir } from "./lib/void_mcp.mjs";
import { start_void_virtuoso } from "./lib/void_servers.mjs";
import { connect_sdk, write_catalogue } from "./lib/mcp.mjs";

// The computation's settings (src/app/runtime.cpp, void/compute.hpp): classes and properties
// listed, classes whose properties are computed; the LIMIT of a listing is the list limit, or one
// row below the result cap when that is lower.
const MAX_LISTED = 1000;
const CLASS_BUDGET = 200;
const LIMIT = 1000;

describe("get_void_descriptions on Virtuoso endpoints", { timeout: 300000 }, () => {
  let v;
  let catalogue;
  let cache;
  let session;

  before(async () => {
    v = await start_void_virtuoso({ tail_classes: 10500 });
    catalogue = write_catalogue([
      ...Object.entries(v.endpoints).map(([way, ep]) => ({ id: way, endpoint: ep.url })),
      { id: "many", endpoint: v.many.url },
    ]);
    cache = void_cache_dir();
    session = await connect_sdk(catalogue.dir, cache.args);
  });

  after(async () => {
    await session?.close();
    await v?.stop();
    catalogue?.remove();
    cache?.remove();
  });

  it("computes the description of the endpoint without VoID, every count equal to the counter's", async () => {
    const ep = v.endpoints.none;
    const { entry } = await describe_void(session.client, { endpoint: "none", detail: "turtle" });
    assert.equal(entry.status, "computed");
    // Virtuoso answers a GET without a query but with default-graph-uri with 400, and its
    // /sparql/.well-known/void with its own Service Description: both are reported, not fatal.
    assert.deepEqual(entry.attempts.map((a) => [a.method, a.outcome]), [
      ["well-known", "no VoID in 14 triples"], ["well-known", "HTTP 500"], ["service-description", "HTTP 400"],
      ["default-graph", "no VoID"], ["named-graph", "no named graph holds VoID"],
    ]);
    const { provenance, ...figures } = await read_description(entry.turtle, ep.url);
    assert.deepEqual(figures, computable(ep.figures));
    assert.equal(provenance.failed_queries, 0);
    assert.deepEqual(provenance.missing, []);
    const summary = (await describe_void(session.client, { endpoint: "none", detail: "full", max_chars: 100000 })).entry.summary;
    assert.equal(summary.status, "cached");
    check_summary_counts(summary, ep.figures);
  });

  it("retrieves the VoID of the endpoint whose default graph holds it", async () => {
    const ep = v.endpoints["default-graph"];
    const { entry } = await describe_void(session.client, { endpoint: "default-graph", detail: "turtle" });
    assert.equal(entry.status, "retrieved");
    assert.deepEqual([entry.source.method, entry.source.source], ["default-graph", ep.url]);
    assert.equal(entry.attempts.at(-1).outcome, `found: ${ep.figures.class_count} classes, ${ep.figures.property_count} properties`);
    const { provenance, ...figures } = await read_description(entry.turtle, ep.url);
    assert.deepEqual(figures, computable(without_resource_objects(ep.figures)));
    assert.equal(provenance.origin, "Retrieved");
  });

  it("retrieves the VoID of the endpoint whose named graph holds it", async () => {
    const ep = v.endpoints["named-graph"];
    const { entry } = await describe_void(session.client, { endpoint: "named-graph", detail: "turtle" });
    assert.equal(entry.status, "retrieved");
    assert.deepEqual([entry.source.method, entry.source.source], ["named-graph", ep.void_graph]);
    assert.deepEqual(entry.attempts.slice(-3).map((a) => [a.method, a.source, a.outcome]), [
      ["default-graph", ep.url, "no VoID"],
      ["named-graph", ep.url, "1 named graphs hold VoID"],
      ["named-graph", ep.void_graph, `found: ${ep.figures.class_count} classes, ${ep.figures.property_count} properties`],
    ]);
    const { provenance, ...figures } = await read_description(entry.turtle, ep.url);
    assert.deepEqual(figures, computable(without_resource_objects(ep.figures)));
    assert.equal(provenance.source, ep.void_graph);
  });

  it("is not misled by the result cap on data with more than 10,000 classes: true totals, true counts, cut listings named", async () => {
    const ep = v.many;
    assert.ok(ep.figures.class_count > 10000);
    const { entry } = await describe_void(session.client, { endpoint: "many", detail: "turtle" });
    const { provenance, ...got } = await read_description(entry.turtle, ep.url);
    // The totals and the properties are whole.
    for (const key of ["triples", "distinct_subjects", "distinct_objects", "class_count", "property_count"]) {
      assert.equal(got[key], ep.figures[key], key);
    }
    assert.deepEqual(got.properties, ep.figures.properties);
    // The biggest classes are listed, each with its true number of instances.
    const counted = new Map(ep.figures.classes.map((c) => [c.class, c]));
    assert.equal(got.classes.length, MAX_LISTED);
    for (const c of got.classes) assert.equal(c.entities, counted.get(c.class).entities, c.class);
    const smallest = got.classes.at(-1).entities;
    assert.equal(got.classes.filter((c) => c.entities > smallest).length,
                 ep.figures.classes.filter((c) => c.entities > smallest).length, "no bigger class left out");
    // The biggest classes have their properties; each listed count is true, and a listing at
    // its LIMIT (the rows of its GROUP BY: properties; (property, class) pairs; (property,
    // datatype, language) triples) is a missing part instead of a silently short list.
    const described = got.classes.filter((c) => c.properties.length > 0);
    assert.equal(described.length, CLASS_BUDGET);
    const expected_missing = [];
    for (const c of described) {
      const truth = counted.get(c.class);
      const links = truth.properties.reduce((n, p) => n + Object.keys(p.object_classes).length, 0);
      const literals = truth.properties.reduce((n, p) =>
        n + Object.keys(p.datatypes).filter((t) => !t.endsWith("#langString")).length + Object.keys(p.languages).length, 0);
      if (truth.properties.length >= LIMIT) expected_missing.push(["properties of class", c.class]);
      if (links >= LIMIT) expected_missing.push(["object classes of class", c.class]);
      if (literals >= LIMIT) expected_missing.push(["literals of class", c.class]);
      const cut = new Set(expected_missing.filter(([, cls]) => cls === c.class).map(([part]) => part));
      assert.equal(c.properties.length, truth.properties.length, c.class);
      for (const p of c.properties) {
        const t = truth.properties.find((q) => q.property === p.property);
        const what = `${p.property} of ${c.class}`;
        for (const key of ["triples", "distinct_subjects", "distinct_objects"]) assert.equal(p[key], t[key], `${key} of ${what}`);
        for (const [d, n] of Object.entries(p.object_classes)) assert.equal(n, t.object_classes[d], `${what} → ${d}`);
        if (!cut.has("object classes of class")) assert.deepEqual(p.object_classes, t.object_classes, what);
        if (!cut.has("literals of class")) {
          assert.deepEqual([p.datatypes, p.languages, p.resource_objects], [t.datatypes, t.languages, t.resource_objects], what);
        }
      }
    }
    assert.ok(expected_missing.length > 0, "the data make some listing outgrow its LIMIT");
    const sort = (list) => list.map((x) => x.join(" ")).sort();
    assert.deepEqual(sort(provenance.missing.map((m) => [m.part, m.subject])), sort(expected_missing));
    for (const m of provenance.missing) assert.equal(m.reason, `cut at the query's LIMIT of ${LIMIT} rows: the most used are listed`);
    assert.equal(provenance.failed_queries, 0);
    assert.equal(entry.status, "partial");
    assert.equal(entry.note, "some parts could not be computed (listed as missing)");

    // The summary says so too: 10,521 classes of which 1,000 described, the cut listings named.
    const { entry: cached, text } = await describe_void(session.client, { endpoint: "many" });
    assert.equal(cached.summary.class_count, ep.figures.class_count);
    assert.equal(cached.summary.classes_described, MAX_LISTED);
    assert.match(text, / · 19,914 triples · 10,521 classes \(1,000 described\) · 60 properties\n/);
    // (Missing parts come in the order they were found, which depends on the queries' timing.)
    assert.match(text, /\nMissing \(the description is partial\): object classes of class: [^\n]*\bgen:Person\b[^\n]* \(cut at the query's LIMIT of 1000 rows: the most used are listed\)\n/);
    check_summary_counts(cached.summary, ep.figures);
  });
});
