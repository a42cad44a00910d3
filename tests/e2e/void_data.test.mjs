// The VoID test data (issue 14): tests/servers/void/generate.mjs writes the same data for the
// same arguments, with the features a VoID computation must get right; count.mjs counts the
// figures from the file alone and agrees exactly with Oxigraph's SPARQL aggregates over the
// same file; void_turtle.mjs states those figures as VoID that reads back to the same figures.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { class_sizes, generate, GEN, XSD, RDF, RDFS } from "../servers/void/generate.mjs";
import { count_file, count_text } from "../servers/void/count.mjs";
import { void_turtle } from "../servers/void/void_turtle.mjs";
import { sparql_figures, select_oxigraph, void_figures, without_resource_objects } from "./lib/void_figures.mjs";
import { void_dataset } from "./lib/void_servers.mjs";

const require = createRequire(import.meta.url);
const oxigraph = require("oxigraph");

const text_of = (options) => {
  const lines = [];
  const count = generate(options, (line) => lines.push(line));
  return { text: lines.join(""), count };
};
const load = (text, format = "application/n-triples") => {
  const store = new oxigraph.Store();
  store.load(text, { format });
  return store;
};
const cls = (figures, local) => figures.classes.find((c) => c.class === `${GEN}${local}`);
const prop = (partition, iri) => partition.properties.find((p) => p.property === iri);

describe("VoID test data", { timeout: 300000 }, () => {
  let dir;
  before(() => { dir = mkdtempSync(join(tmpdir(), "sparqlmcp-void-data-")); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the same file for the same arguments, another for another seed, and about the size asked", () => {
    const hash = (text) => createHash("sha256").update(text).digest("hex");
    const a = text_of({ triples: 5000, seed: 3 });
    const b = text_of({ triples: 5000, seed: 3 });
    const c = text_of({ triples: 5000, seed: 4 });
    assert.equal(hash(a.text), hash(b.text));
    assert.notEqual(hash(a.text), hash(c.text));
    for (const triples of [2000, 20000, 60000]) {
      const { text, count } = text_of({ triples, seed: 1, tail_classes: 50, tail_properties: 20 });
      assert.equal(text.split("\n").length - 1, count);
      assert.ok(Math.abs(count - triples) / triples < 0.05, `${count} triples for ${triples} asked`);
    }
  });

  it("sizes its classes like a Pareto distribution, several beyond Virtuoso's 10,000-row cap at 1,000,000 triples", () => {
    const sizes = [...class_sizes(1_000_000).values()];
    assert.deepEqual(sizes, [...sizes].sort((x, y) => y - x));
    assert.ok(sizes.filter((n) => n > 10000).length >= 3, sizes.join(" "));
    assert.ok(sizes.at(-1) * 10 < sizes[0], sizes.join(" "));
  });

  it("has several classes per instance, typed and untyped IRI objects, blank nodes, shared properties, many datatypes and languages", () => {
    const figures = count_text(text_of({ triples: 20000, seed: 1 }).text);
    const person = cls(figures, "Person");
    const researcher = cls(figures, "Researcher");
    assert.ok(researcher.entities > 0 && researcher.entities < person.entities);
    // A Researcher is a Person too: its instances use the Person's properties and its own.
    assert.equal(prop(researcher, `${RDF}type`).triples, 2 * researcher.entities);
    assert.ok(prop(researcher, `${GEN}knows`) && prop(researcher, `${GEN}orcid`));
    assert.equal(prop(person, `${GEN}orcid`).distinct_subjects, researcher.entities);
    // Typed objects, untyped ones, and both on one property.
    const author = prop(cls(figures, "Document"), `${GEN}author`);
    assert.equal(author.object_classes[`${GEN}Person`], author.triples);
    const homepage = prop(person, `${GEN}homepage`);
    assert.deepEqual(homepage.object_classes, {});
    assert.equal(homepage.resource_objects, homepage.triples);
    const subject = prop(cls(figures, "Document"), `${GEN}subject`);
    assert.ok(subject.object_classes[`${GEN}Topic`] > 0 && subject.object_classes[`${GEN}Topic`] < subject.resource_objects);
    // Objects of several classes: a participant is a Person (some also Researchers) or an
    // Organisation (some also Funders), and counts once for each of its classes.
    const participant = prop(cls(figures, "Event"), `${GEN}participant`);
    assert.deepEqual(Object.keys(participant.object_classes),
                     ["Funder", "Organisation", "Person", "Researcher"].map((c) => `${GEN}${c}`));
    const classes = participant.object_classes;
    assert.equal(classes[`${GEN}Organisation`] + classes[`${GEN}Person`], participant.triples);
    // Blank nodes, typed (Address) and untyped (contact details).
    assert.ok(figures.distinct_blank_subjects > cls(figures, "Address").entities);
    assert.equal(figures.distinct_blank_objects, figures.distinct_blank_subjects);
    // One property, several classes, other values.
    const label = `${RDFS}label`;
    assert.deepEqual(Object.keys(prop(cls(figures, "Sensor"), label).datatypes), [`${XSD}string`]);
    assert.deepEqual(Object.keys(prop(cls(figures, "Place"), label).languages), ["de", "en", "fr", "pt-br"]);
    const datatypes = new Set(figures.classes.flatMap((c) => c.properties.flatMap((p) => Object.keys(p.datatypes))));
    assert.deepEqual([...datatypes].sort(), [`${GEN}SKU`, `${RDF}langString`,
      ...["boolean", "date", "dateTime", "decimal", "double", "gYear", "integer", "string"].map((t) => `${XSD}${t}`)].sort());
    const languages = new Set(figures.classes.flatMap((c) => c.properties.flatMap((p) => Object.keys(p.languages))));
    assert.deepEqual([...languages].sort(), ["de", "en", "fr", "ja", "pt-br"]);
    // Subjects of no class (the units) count for the dataset, not for a class.
    const typed = new Set(figures.classes.flatMap((c) => c.properties.map((p) => p.property)));
    assert.ok(!typed.has(`${GEN}symbol`) && figures.properties.some((p) => p.property === `${GEN}symbol`));
  });

  it("adds tail classes and properties that push GROUP BY ?class and ?property past 10,000 groups", () => {
    const figures = count_text(text_of({ triples: 30000, seed: 2, tail_classes: 10500, tail_properties: 10200 }).text);
    assert.equal(figures.class_count, 21 + 10500);
    assert.equal(figures.property_count, 60 + 10200);
    assert.equal(cls(figures, "Tag0").entities, 50);
    assert.equal(cls(figures, "Tag10499").entities, 1);
  });

  it("counts exactly what Oxigraph's aggregate queries count on the same generated file", async () => {
    const { file, figures } = await void_dataset(dir, { triples: 8000, seed: 5, tail_classes: 40, tail_properties: 25 });
    const store = load(readFileSync(file, "utf8"));
    assert.deepEqual(await sparql_figures(select_oxigraph(store)), figures);
    assert.deepEqual(await count_file(file), figures);
  });

  it("compares terms as RDF does: escapes decoded, xsd:string plain, language tags in any case, a repeated triple once", async () => {
    const text = [
      '<http://ex/a> <http://ex/p> "caf\\u00E9" .',
      '<http://ex/a> <http://ex/p> "café" .',
      '<http://ex/a> <http://ex/p> "café"^^<http://www.w3.org/2001/XMLSchema#string> .',
      '<http://ex/a> <http://ex/p> "x"@EN-gb .',
      '<http://ex/a> <http://ex/p> "x"@en-GB .',
      '<http://ex/a>\t<http://ex/p>\t"tab\\t" .',
      '<http://ex/a> <http://ex/p> "tab\t" .   # a comment',
      "# a line of comment",
      "",
      '<http://ex/\\u0062> <http://ex/p> _:b1 .',
      '<http://ex/b> <http://ex/p> _:b1 .',
      "_:b1 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex/C> .",
      "<http://ex/a> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex/C> .",
      '<http://ex/a> <http://ex/q> "1"^^<http://www.w3.org/2001/XMLSchema#integer> .',
    ].join("\n");
    const figures = count_text(text);
    assert.equal(figures.triples, 7);
    assert.equal(figures.distinct_literals, 4);
    assert.deepEqual(prop(figures.classes[0], "http://ex/p").languages, { "en-gb": 1 });
    assert.deepEqual(await sparql_figures(select_oxigraph(load(text))), figures);
  });

  it("refuses a line that is no triple, naming its number", () => {
    assert.throws(() => count_text('<http://ex/a> <http://ex/p> "x" .\n<http://ex/a> <http://ex/p> .\n'),
                  { message: "line 2: not an N-Triples triple: <http://ex/a> <http://ex/p> ." });
    assert.throws(() => count_text('<http://ex/a> "p" "x" .'), { message: /^line 1: not an N-Triples triple/ });
  });

  it("writes VoID that reads back to the counted figures, with partitions as IRIs or as blank nodes", async () => {
    const { figures } = await void_dataset(dir, { triples: 3000, seed: 6, tail_classes: 5 });
    for (const blank_partitions of [false, true]) {
      const turtle = void_turtle(figures, { dataset: "http://127.0.0.1:1/void/ds", endpoint: "http://127.0.0.1:1/sparql?a=b&c",
                                            title: 'A "quoted" title', blank_partitions });
      const store = load(turtle, "text/turtle");
      assert.deepEqual(await void_figures(select_oxigraph(store), "http://127.0.0.1:1/void/ds"), without_resource_objects(figures));
      const [endpoint] = store.match(null, oxigraph.namedNode("http://rdfs.org/ns/void#sparqlEndpoint"), null);
      assert.equal(endpoint.object.value, "http://127.0.0.1:1/sparql?a=b&c");
    }
  });

  it("runs as commands: generate.mjs writes the file that count.mjs and void_turtle.mjs read", async () => {
    const { execFileSync } = await import("node:child_process");
    const scripts = join(dirname(fileURLToPath(import.meta.url)), "..", "servers", "void");
    const out = join(dir, "cli.nt");
    execFileSync(process.execPath, [join(scripts, "generate.mjs"), "--triples", "1500", "--seed", "9", "--out", out], { stdio: "pipe" });
    assert.equal(readFileSync(out, "utf8"), text_of({ triples: 1500, seed: 9 }).text);
    const figures = JSON.parse(execFileSync(process.execPath, [join(scripts, "count.mjs"), out]));
    assert.deepEqual(figures, count_text(readFileSync(out, "utf8")));
    writeFileSync(join(dir, "cli.json"), JSON.stringify(figures));
    const turtle = execFileSync(process.execPath, [join(scripts, "void_turtle.mjs"), join(dir, "cli.json"), "--dataset",
                                                   "http://example.org/d"], { encoding: "utf8" });
    assert.equal(turtle, void_turtle(figures, { dataset: "http://example.org/d" }));
    assert.throws(() => execFileSync(process.execPath, [join(scripts, "generate.mjs"), "--triples", "ten"], { stdio: "pipe", encoding: "utf8" }),
                  (error) => error.status === 2 && /--triples must be an integer >= 100, got NaN/.test(error.stderr));
  });
});
