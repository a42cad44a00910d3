#!/usr/bin/env node
// A small SPARQL 1.1 Protocol server over the npm `oxigraph` package, for tests.
//
//   node tests/servers/oxigraph-server.mjs [--port N] [--verbose] FILE[=GRAPH_IRI]...
//                                           [--dataset NAME=FILE[,FILE...]]... [--counts FILE]
//                                           [--serve PATH=SOURCE]... [--redirect PATH=TARGET]...
//                                           [--sd FILE] [--dataset-sd NAME=FILE]...
//
// Loads each FILE into an in-memory Store (into the default graph, or into GRAPH_IRI when
// given; the format follows the extension: .ttl .nt .nq .trig .rdf .n3), listens on 127.0.0.1
// (port N, or one chosen by the system when N is 0 or absent) and prints the port alone on one
// line on stdout once it accepts connections. Everything else goes to stderr.
//
// Multi-dataset mode: each --dataset NAME=FILE,... is a store of its own, served on /NAME/query
// (alias /NAME/sparql) like /query, so one process stands for many endpoints (the shards of
// tests/federation/fkgqa); a GET there without a query answers with the endpoint's SPARQL
// Service Description (Turtle, N-Triples or RDF/XML). Each dataset counts the requests it receives: /stats reports them
// under "datasets", and with --counts FILE they are also kept in FILE, one line per dataset in
// the order given, "NAME COUNT" with COUNT right-aligned in 12 characters; a count is written
// there before the request is answered, so a client holding an answer reads a count that
// includes its request, without a request of its own. A dataset's FILE may be FILE=GRAPH_IRI too.
//
// Published VoID (issue 14), for tests of its discovery:
//   --serve PATH=SOURCE   GET/HEAD on PATH answers 200 with SOURCE: a FILE, with the media type
//                         of its extension (.ttl .nt .nq .trig .rdf .owl .jsonld .html .txt .json),
//                         or builtin:bad-turtle (the body of /bad-turtle) or builtin:html (that of
//                         /html). E.g. --serve /.well-known/void=void.ttl at the origin, or
//                         --serve /NAME/.well-known/void=void.ttl beside a dataset's /NAME/sparql.
//                         Other methods get 405. A served path takes precedence over the routes.
//   --redirect PATH=TARGET  GET/HEAD on PATH answers 302 with Location: TARGET (the well-known
//                         URI's clients must follow redirects, VoID Note section 7.2).
//   --sd FILE             the triples of FILE (.ttl or .nt) are merged into the Service
//                         Description of /query (/sparql, /); --dataset-sd NAME=FILE into that
//                         of the dataset NAME. FILE is read with the endpoint's URL as base IRI,
//                         so <> in it is the endpoint that was asked and <../x> a path beside it.
//   VoID in the default graph or in a named graph: load it like data (FILE, FILE=GRAPH_IRI).
// /stats counts the requests of each served or redirected path under "served".
//
// Routes (SPARQL 1.1 Protocol, https://www.w3.org/TR/sparql11-protocol/ section 2.1):
//   GET  /query?query=...                     (also /sparql)
//   POST /query  application/x-www-form-urlencoded (query=...) or application/sparql-query
//   default-graph-uri / named-graph-uri parameters are honoured.
//   GET (or HEAD) without a query answers the endpoint's SPARQL 1.1 Service Description
//   (Turtle, N-Triples or RDF/XML): Comunica dereferences every SERVICE IRI this way to learn
//   that it is a SPARQL endpoint, and gives up on an endpoint that answers with an error.
//   Results are negotiated with Accept: SPARQL JSON (default), XML, CSV, TSV for SELECT/ASK;
//   Turtle (default), N-Triples, RDF/XML for CONSTRUCT/DESCRIBE. A bad query is a 400 with
//   the parser's message as text/plain. Updates are refused with 403 (read-only).
// Misbehaving routes, for failure tests (each also accepts the query like /query):
//   /html          200 text/html login-style page instead of results
//   /error500      500 with a short text body
//   /slow?ms=N     waits N ms (at most 120000) before answering the query normally
//   /huge?mb=N     200 SPARQL JSON results of about N MB (default 50), streamed, in at most
//                  the query's LIMIT rows
//   /ratelimit     alternates: 429 with Retry-After: 1, then a normal answer, then 429, ...
//   /stacktrace    200 text/plain Java stack trace (as some endpoints send on failure)
//   /empty         200 with the JSON results media type and an empty body
//   /shuffle?cap=N answers SELECT queries in SPARQL JSON, but when the query has no ORDER BY its
//                  rows come in a new random order on every request (as endpoints may do), and
//                  at most N rows are returned (a server-side result cap, as Virtuoso's
//                  ResultSetMaxRows); every query it receives is logged for /queries
//   /sparql10      answers like /query, except that a query with the keyword VALUES (SPARQL 1.1)
//                  is a 400 with the parse error Virtuoso 6 gives, as a SPARQL 1.0 server or a
//                  gateway that only knows SPARQL 1.0 would; every query it receives is logged
//                  for /queries
//   /queries       200 JSON array of the query texts /shuffle and /sparql10 received (the
//                  first 10000)
//   /status?code=N[&type=T][&body=B]
//                  answers with status N (200-599), Content-Type T (default text/plain) and body B
//                  (default: empty), e.g. a 404 page, a 504 from a gateway, or an endpoint's
//                  syntax error sent with 200 as Virtuoso does
//   /bad-turtle    200 text/turtle with a syntax error on line 4 (published VoID that is broken)
//   /stats         200 JSON {requests, slow_abandoned}: how many requests arrived, and how many
//                  /slow requests the client gave up (closed) before the answer, so tests can
//                  check that a cancelled call really stops its upstream request; in
//                  multi-dataset mode also {datasets: {NAME: requests}}
import http from "node:http";
import { openSync, readFileSync, realpathSync, writeFileSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";

// The npm packages are installed once, under tests/e2e/ (see scripts/install-deps.sh).
const require = createRequire(new URL("../e2e/package.json", import.meta.url));
const oxigraph = require("oxigraph");

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_SLOW_MS = 120000;
const MAX_HUGE_MB = 500;

const SOLUTION_FORMATS = [
  { type: "application/sparql-results+json", format: "application/sparql-results+json" },
  { type: "application/json", format: "application/sparql-results+json" },
  { type: "application/sparql-results+xml", format: "application/sparql-results+xml" },
  { type: "application/xml", format: "application/sparql-results+xml" },
  { type: "text/xml", format: "application/sparql-results+xml" },
  { type: "text/csv", format: "text/csv" },
  { type: "text/tab-separated-values", format: "text/tab-separated-values" },
];
const GRAPH_FORMATS = [
  { type: "text/turtle", format: "text/turtle" },
  { type: "application/x-turtle", format: "text/turtle" },
  { type: "application/n-triples", format: "application/n-triples" },
  { type: "text/plain", format: "application/n-triples" },
  { type: "application/rdf+xml", format: "application/rdf+xml" },
];
// Media types of the files --serve sends, by extension.
const SERVED_TYPES = {
  ".ttl": "text/turtle; charset=utf-8",
  ".nt": "application/n-triples; charset=utf-8",
  ".nq": "application/n-quads; charset=utf-8",
  ".trig": "application/trig; charset=utf-8",
  ".rdf": "application/rdf+xml; charset=utf-8",
  ".owl": "application/rdf+xml; charset=utf-8",
  ".jsonld": "application/ld+json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};
const FILE_FORMATS = {
  ".ttl": "text/turtle",
  ".nt": "application/n-triples",
  ".nq": "application/n-quads",
  ".trig": "application/trig",
  ".rdf": "application/rdf+xml",
  ".owl": "application/rdf+xml",
  ".n3": "text/n3",
};

function parse_arguments(argv) {
  const options = { port: 0, verbose: false, files: [], datasets: [], counts: null, served: new Map(), sd: null,
                    dataset_sd: new Map() };
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    if (arg === "--port") options.port = Number(argv[++i]);
    else if (arg.startsWith("--port=")) options.port = Number(arg.slice(7));
    else if (arg === "--verbose") options.verbose = true;
    else if (arg === "--dataset") options.datasets.push(parse_dataset(argv[++i]));
    else if (arg === "--counts") options.counts = argv[++i];
    else if (arg === "--serve") add_served(options.served, arg, argv[++i], served_file);
    else if (arg === "--redirect") add_served(options.served, arg, argv[++i], (target) => ({ redirect: target }));
    else if (arg === "--sd") {
      if (options.sd) throw new Error("--sd is given twice");
      options.sd = extra_triples(argv[++i], arg);
    } else if (arg === "--dataset-sd") {
      const m = /^([^=]+)=(.+)$/.exec(argv[++i] ?? "");
      if (!m) throw new Error(`--dataset-sd needs NAME=FILE, got '${argv[i]}'`);
      if (options.dataset_sd.has(m[1])) throw new Error(`--dataset-sd ${m[1]} is given twice`);
      options.dataset_sd.set(m[1], extra_triples(m[2], arg));
    } else if (arg === "--help") {
      process.stderr.write("usage: oxigraph-server.mjs [--port N] [--verbose] FILE[=GRAPH_IRI]... " +
                           "[--dataset NAME=FILE[,FILE...]]... [--counts FILE] [--serve PATH=SOURCE]... " +
                           "[--redirect PATH=TARGET]... [--sd FILE] [--dataset-sd NAME=FILE]...\n");
      process.exit(0);
    } else options.files.push(arg);
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    throw new Error(`--port must be an integer between 0 and 65535, got ${options.port}`);
  }
  const names = options.datasets.map((d) => d.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`--dataset ${twice} is given twice`);
  if (options.counts && options.datasets.length === 0) throw new Error("--counts needs at least one --dataset");
  for (const name of options.dataset_sd.keys()) {
    if (!names.includes(name)) throw new Error(`--dataset-sd ${name}: no --dataset ${name}`);
  }
  return options;
}

// --serve and --redirect: PATH=VALUE, PATH an absolute URL path, each path given once.
function add_served(served, flag, spec, make) {
  const m = /^(\/[^=?#\s]*)=(.+)$/.exec(spec ?? "");
  if (!m) throw new Error(`${flag} needs PATH=${flag === "--serve" ? "SOURCE" : "TARGET"} with PATH starting with /, got '${spec}'`);
  if (served.has(m[1])) throw new Error(`${m[1]} is served twice (--serve, --redirect)`);
  served.set(m[1], make(m[2]));
}

const BUILTIN_BODIES = {
  "builtin:bad-turtle": () => ({ type: "text/turtle; charset=utf-8", body: BAD_TURTLE }),
  "builtin:html": () => ({ type: "text/html; charset=utf-8", body: HTML_PAGE }),
};

// A file (read now, so a missing one fails at start-up) or a built-in body.
function served_file(source) {
  if (BUILTIN_BODIES[source]) return BUILTIN_BODIES[source]();
  const type = SERVED_TYPES[extname(source).toLowerCase()];
  if (!type) throw new Error(`--serve ${source}: unknown extension (use one of ${Object.keys(SERVED_TYPES)}, or builtin:bad-turtle, builtin:html)`);
  return { type, body: readFileSync(source) };
}

// --sd FILE: its text, checked now (with a stand-in base IRI) so that a broken file fails at
// start-up; each answer reads it again with the endpoint's URL as base.
function extra_triples(path, flag) {
  const format = FILE_FORMATS[extname(path ?? "").toLowerCase()];
  if (format !== "text/turtle" && format !== "application/n-triples") {
    throw new Error(`${flag} ${path}: needs a .ttl or .nt file`);
  }
  const text = readFileSync(path, "utf8");
  try {
    new oxigraph.Store().load(text, { format, base_iri: "http://127.0.0.1/query" });
  } catch (error) {
    throw new Error(`${flag} ${path}: ${error.message}`);
  }
  return { text, format };
}

// NAME=FILE[,FILE...]; NAME becomes a path segment, so it is limited to URL-safe characters.
function parse_dataset(spec) {
  const m = /^([A-Za-z0-9._-]+)=(.+)$/.exec(spec ?? "");
  if (!m || m[1] === "." || m[1] === "..") {
    throw new Error(`--dataset needs NAME=FILE[,FILE...] with NAME made of A-Z a-z 0-9 . _ -, got '${spec}'`);
  }
  return { name: m[1], files: m[2].split(",") };
}

function load_files(store, files) {
  for (const spec of files) {
    const eq = spec.indexOf("=");
    const path = eq > 0 ? spec.slice(0, eq) : spec;
    const graph = eq > 0 ? oxigraph.namedNode(spec.slice(eq + 1)) : oxigraph.defaultGraph();
    const format = FILE_FORMATS[extname(path).toLowerCase()];
    if (!format) throw new Error(`${path}: unknown RDF file extension (use one of ${Object.keys(FILE_FORMATS)})`);
    store.load(readFileSync(path, "utf8"), { format, to_graph_name: graph, base_iri: `file://${path}` });
  }
}

// The query form decides between solution and graph formats before evaluation. Oxigraph
// does not expose it, so strip what can hide keywords (comments, IRIs, strings) and take the
// first form keyword that is not part of a prefixed name.
export function query_form(query) {
  const cleaned = query
    .replace(/"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, " ")
    .replace(/<[^<>"{}|^`\\\s]*>/g, " ")
    .replace(/#[^\n]*/g, " ");
  const match = /(?<![\w:?$])(SELECT|ASK|CONSTRUCT|DESCRIBE)(?![\w:-])/i.exec(cleaned);
  return match ? match[1].toUpperCase() : null;
}

function is_update(query) {
  const cleaned = query.replace(/<[^<>\s]*>/g, " ").replace(/#[^\n]*/g, " ");
  return query_form(query) === null &&
         /(?<![\w:?$])(INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD)(?![\w:-])/i.test(cleaned);
}

// RFC 9110 section 12.5.1: highest q wins, ties keep the client's order; */* and type/*
// select the first format of the list.
export function negotiate(accept, formats) {
  if (!accept) return formats[0];
  const ranges = accept
    .split(",")
    .map((part, index) => {
      const [range, ...params] = part.trim().split(";").map((s) => s.trim());
      let q = 1;
      for (const p of params) if (/^q=/i.test(p)) q = Number(p.slice(2));
      return { range: range.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.range && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    if (range === "*/*") return formats[0];
    if (range.endsWith("/*")) {
      const prefix = range.slice(0, -1);
      const hit = formats.find((f) => f.type.startsWith(prefix));
      if (hit) return hit;
      continue;
    }
    const hit = formats.find((f) => f.type === range);
    if (hit) return hit;
  }
  return null;
}

function read_body(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error("request body too large"), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

// Collects the protocol parameters from the URL and, for POST, from the body (section 2.1.2
// form-encoded, section 2.1.3 direct query with default-graph-uri in the URL).
async function protocol_parameters(req, url) {
  const params = { query: null, update: null, default_graphs: [], named_graphs: [] };
  const take = (search) => {
    if (search.has("query")) params.query = search.get("query");
    if (search.has("update")) params.update = search.get("update");
    params.default_graphs.push(...search.getAll("default-graph-uri"));
    params.named_graphs.push(...search.getAll("named-graph-uri"));
  };
  take(url.searchParams);
  if (req.method === "POST") {
    const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    const body = await read_body(req);
    if (type === "application/x-www-form-urlencoded") take(new URLSearchParams(body));
    else if (type === "application/sparql-query") params.query = body;
    else if (type === "application/sparql-update") params.update = body;
    else {
      throw Object.assign(new Error(`unsupported Content-Type '${type}' (use application/sparql-query ` +
                                    "or application/x-www-form-urlencoded)"), { status: 415 });
    }
  } else if (req.method !== "GET" && req.method !== "HEAD") {
    throw Object.assign(new Error(`method ${req.method} not allowed`), { status: 405 });
  }
  return params;
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body), ...headers });
  res.end(body);
}

// Does the query order its rows itself? Strings, IRIs and comments cannot hide the keywords.
function has_order_by(query) {
  const cleaned = query
    .replace(/"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, " ")
    .replace(/<[^<>"{}|^`\\\s]*>/g, " ")
    .replace(/#[^\n]*/g, " ");
  return /(?<![\w:?$])ORDER\s+BY(?![\w:-])/i.test(cleaned);
}

// /shuffle: a SELECT answer in SPARQL JSON whose unordered rows are shuffled and capped.
function answer_shuffled(store, req, res, params, cap, log) {
  if (params.query !== null && log.length < 10000) log.push(params.query);
  if (params.query === null || query_form(params.query) !== "SELECT") {
    answer_query(store, req, res, params);
    return;
  }
  // Without ORDER BY, a trailing OFFSET/LIMIT is applied after the shuffle, so that each
  // request may see another window of rows, as on a server that reorders between requests.
  const ordered = has_order_by(params.query);
  let query = params.query;
  let offset = 0;
  let limit = Infinity;
  if (!ordered) {
    const slice = /\s(?:(LIMIT|OFFSET)\s+(\d+))(?:\s+(LIMIT|OFFSET)\s+(\d+))?\s*$/i.exec(query);
    if (slice) {
      query = query.slice(0, slice.index);
      for (const [keyword, value] of [[slice[1], slice[2]], [slice[3], slice[4]]]) {
        if (/^limit$/i.test(keyword ?? "")) limit = Number(value);
        if (/^offset$/i.test(keyword ?? "")) offset = Number(value);
      }
    }
  }
  let results;
  try {
    results = JSON.parse(store.query(query, { results_format: "application/sparql-results+json" }));
  } catch (error) {
    send(res, 400, "text/plain; charset=utf-8", `Parse error: ${error.message}\n`);
    return;
  }
  let rows = results.results.bindings;
  if (!ordered) {
    for (let i = rows.length - 1; i > 0; --i) {
      const j = Math.floor(Math.random() * (i + 1));
      [rows[i], rows[j]] = [rows[j], rows[i]];
    }
    rows = rows.slice(offset, offset + limit);
  }
  if (cap > 0 && rows.length > cap) rows.length = cap;
  results.results.bindings = rows;
  send(res, 200, "application/sparql-results+json; charset=utf-8", JSON.stringify(results));
}

function answer_query(store, req, res, params, sd_extra = null) {
  if (params.query === null && params.update === null && req.method !== "POST") {
    answer_service_description(req, res, `http://${req.headers.host ?? "127.0.0.1"}${new URL(req.url, "http://127.0.0.1").pathname}`,
                               sd_extra);
    return;
  }
  if (params.update !== null || (params.query !== null && is_update(params.query))) {
    send(res, 403, "text/plain; charset=utf-8", "SPARQL Update is not allowed on this read-only endpoint\n");
    return;
  }
  if (params.query === null) {
    send(res, 400, "text/plain; charset=utf-8", "missing 'query' parameter\n");
    return;
  }
  const form = query_form(params.query);
  const formats = form === "CONSTRUCT" || form === "DESCRIBE" ? GRAPH_FORMATS : SOLUTION_FORMATS;
  const chosen = negotiate(req.headers["accept"], formats) ?? formats[0];
  const options = { results_format: chosen.format };
  if (params.default_graphs.length) options.default_graph = params.default_graphs.map((g) => oxigraph.namedNode(g));
  if (params.named_graphs.length) options.named_graphs = params.named_graphs.map((g) => oxigraph.namedNode(g));
  let body;
  try {
    body = store.query(params.query, options);
  } catch (error) {
    send(res, 400, "text/plain; charset=utf-8", `Parse error: ${error.message}\n`);
    return;
  }
  send(res, 200, `${chosen.format}; charset=utf-8`, typeof body === "string" ? body : String(body));
}

// An endpoint (/query, or a dataset's) dereferenced without a query answers with its SPARQL 1.1
// Service Description (section 2, https://www.w3.org/TR/sparql11-service-description/), as
// public endpoints do. Federation engines look there first to learn what a SERVICE IRI is; Comunica
// takes an error status for a failing host and then spaces out every later request to it.
const SD = "http://www.w3.org/ns/sparql-service-description#";
const FORMATS_NS = "http://www.w3.org/ns/formats/";
// `extra` ({text, format} of --sd) adds its triples, read with the endpoint as base IRI.
function answer_service_description(req, res, endpoint, extra = null) {
  const description = new oxigraph.Store();
  description.load(`@prefix sd: <${SD}> .
[] a sd:Service ; sd:endpoint <${endpoint}> ; sd:supportedLanguage sd:SPARQL11Query ;
  sd:resultFormat <${FORMATS_NS}SPARQL_Results_JSON>, <${FORMATS_NS}SPARQL_Results_XML>,
    <${FORMATS_NS}SPARQL_Results_CSV>, <${FORMATS_NS}SPARQL_Results_TSV>, <${FORMATS_NS}Turtle>,
    <${FORMATS_NS}N-Triples>, <${FORMATS_NS}RDF_XML> ;
  sd:defaultDataset [ a sd:Dataset ; sd:defaultGraph [ a sd:Graph ] ] .
`, { format: "text/turtle" });
  if (extra) description.load(extra.text, { format: extra.format, base_iri: endpoint });
  const chosen = negotiate(req.headers["accept"], GRAPH_FORMATS) ?? GRAPH_FORMATS[0];
  send(res, 200, `${chosen.format}; charset=utf-8`,
       description.dump({ format: chosen.format, from_graph_name: oxigraph.defaultGraph() }));
}

// Streams about `megabytes` MB of SPARQL JSON results, honouring back-pressure and stopping
// when the client goes away. A query's LIMIT is kept, as an endpoint keeps it: the rows are
// made long enough for `limit` of them to reach the size.
async function stream_huge(res, megabytes, limit) {
  res.writeHead(200, { "Content-Type": "application/sparql-results+json; charset=utf-8" });
  let closed = false;
  res.on("close", () => { closed = true; });
  const target = megabytes * 1024 * 1024;
  let written = 0;
  const write = (text) => {
    written += Buffer.byteLength(text);
    if (res.write(text)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { res.off("drain", done); res.off("close", done); resolve(); };
      res.on("drain", done);
      res.on("close", done);
    });
  };
  await write('{"head":{"vars":["s","label"]},"results":{"bindings":[\n');
  const rows = limit ?? Infinity;
  const filler = "x".repeat(Number.isFinite(rows) ? Math.max(120, Math.ceil(target / rows)) : 120);
  for (let i = 0; written < target && i < rows && !closed;) {
    let chunk = "";
    for (let j = 0; j < 200 && i < rows; ++j, ++i) {
      chunk += `${i === 0 ? "" : ","}{"s":{"type":"uri","value":"http://example.org/huge/${i}"},` +
               `"label":{"type":"literal","value":"row ${i} ${filler}"}}\n`;
    }
    await write(chunk);
  }
  if (!closed) res.end("]}}\n");
}

const STACK_TRACE = `java.lang.OutOfMemoryError: Java heap space
\tat java.base/java.util.Arrays.copyOf(Arrays.java:3537)
\tat org.apache.jena.sparql.engine.binding.BindingBuilder.build(BindingBuilder.java:112)
\tat org.apache.jena.sparql.engine.main.iterator.QueryIterJoin.moveToNextBinding(QueryIterJoin.java:91)
\tat org.apache.jena.fuseki.servlets.SPARQLQueryProcessor.execute(SPARQLQueryProcessor.java:301)
\tat org.eclipse.jetty.server.handler.HandlerWrapper.handle(HandlerWrapper.java:127)
\tat java.base/java.lang.Thread.run(Thread.java:833)
`;

// Turtle with a syntax error: line 3 lacks its ';', so line 4 column 3 has a second object
// where ';', ',' or '.' must come.
const BAD_TURTLE = `@prefix void: <http://rdfs.org/ns/void#> .
<http://example.org/void-gen/dataset> a void:Dataset ;
  void:triples 1000
  void:classes 3 .
`;

const HTML_PAGE = `<!DOCTYPE html>
<html><head><title>Sign in</title></head>
<body><h1>Please sign in</h1><form method="post" action="/login">
<input name="user"><input name="password" type="password"><button>Sign in</button></form></body></html>
`;

// The request counters of the datasets, kept in memory and, when `path` is given, in that file
// (see the header comment for its layout).
function dataset_counters(names, path) {
  const counts = new Map(names.map((n) => [n, 0]));
  if (!path) return { counts, add: (name) => counts.set(name, counts.get(name) + 1) };
  const offsets = new Map();
  let text = "";
  for (const name of names) {
    offsets.set(name, Buffer.byteLength(text) + Buffer.byteLength(name) + 1);
    text += `${name} ${"0".padStart(12)}\n`;
  }
  writeFileSync(path, text);
  const fd = openSync(path, "r+");
  return {
    counts,
    add: (name) => {
      const n = counts.get(name) + 1;
      counts.set(name, n);
      writeSync(fd, String(n).padStart(12), offsets.get(name));
    },
  };
}

function create_server(store, verbose, datasets = new Map(), counters = dataset_counters([], null),
                       { served = new Map(), sd = null, dataset_sd = new Map() } = {}) {
  let ratelimit_next_refuses = true;
  const stats = { requests: 0, slow_abandoned: 0 };
  const served_counts = new Map([...served.keys()].map((path) => [path, 0]));
  const shuffle_log = [];
  return http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (url.pathname !== "/stats") ++stats.requests;
    if (verbose) process.stderr.write(`${req.method} ${url.pathname}${url.search}\n`);
    const dataset = /^\/([^/]+)\/(query|sparql)$/.exec(url.pathname)?.[1];
    try {
      const file = served.get(url.pathname);
      if (file) {
        served_counts.set(url.pathname, served_counts.get(url.pathname) + 1);
        if (req.method !== "GET" && req.method !== "HEAD") {
          send(res, 405, "text/plain; charset=utf-8", `${url.pathname} answers GET and HEAD only\n`, { Allow: "GET, HEAD" });
        } else if (file.redirect) {
          send(res, 302, "text/plain; charset=utf-8", `see ${file.redirect}\n`, { Location: file.redirect });
        } else {
          res.writeHead(200, { "Content-Type": file.type, "Content-Length": Buffer.byteLength(file.body) });
          res.end(req.method === "HEAD" ? undefined : file.body);
        }
        return;
      }
      if (dataset !== undefined && datasets.has(dataset)) {
        counters.add(dataset);
        const params = await protocol_parameters(req, url);
        if (params.query === null && params.update === null && req.method !== "POST") {
          answer_service_description(req, res, `http://${req.headers.host ?? "127.0.0.1"}${url.pathname}`,
                                     dataset_sd.get(dataset) ?? null);
        } else {
          answer_query(datasets.get(dataset), req, res, params);
        }
        return;
      }
      switch (url.pathname) {
        case "/":
        case "/query":
        case "/sparql":
          answer_query(store, req, res, await protocol_parameters(req, url), sd);
          return;
        case "/bad-turtle":
          await protocol_parameters(req, url);
          send(res, 200, "text/turtle; charset=utf-8", BAD_TURTLE);
          return;
        case "/html":
          await protocol_parameters(req, url);
          send(res, 200, "text/html; charset=utf-8", HTML_PAGE);
          return;
        case "/error500":
          await protocol_parameters(req, url);
          send(res, 500, "text/plain; charset=utf-8", "Internal Server Error: the query engine crashed\n");
          return;
        case "/stacktrace":
          await protocol_parameters(req, url);
          send(res, 200, "text/plain; charset=utf-8", STACK_TRACE);
          return;
        case "/empty":
          await protocol_parameters(req, url);
          send(res, 200, "application/sparql-results+json", "");
          return;
        case "/ratelimit": {
          const params = await protocol_parameters(req, url);
          const refuse = ratelimit_next_refuses;
          ratelimit_next_refuses = !ratelimit_next_refuses;
          if (refuse) {
            send(res, 429, "text/plain; charset=utf-8", "Too Many Requests: retry after 1 second\n",
                 { "Retry-After": "1" });
          } else {
            answer_query(store, req, res, params);
          }
          return;
        }
        case "/slow": {
          const params = await protocol_parameters(req, url);
          const ms = Math.min(Math.max(Number(url.searchParams.get("ms") ?? 5000) || 0, 0), MAX_SLOW_MS);
          const gone = await new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), ms);
            res.on("close", () => { clearTimeout(timer); resolve(true); });
          });
          if (gone) ++stats.slow_abandoned;
          else answer_query(store, req, res, params);
          return;
        }
        case "/shuffle": {
          const cap = Math.max(Number(url.searchParams.get("cap") ?? 0) || 0, 0);
          answer_shuffled(store, req, res, await protocol_parameters(req, url), cap, shuffle_log);
          return;
        }
        case "/sparql10": {
          const params = await protocol_parameters(req, url);
          if (params.query !== null && shuffle_log.length < 10000) shuffle_log.push(params.query);
          const values = params.query === null ? null : /\bVALUES\b/i.exec(params.query);
          if (values) {
            const line = params.query.slice(0, values.index).split("\n").length;
            send(res, 400, "text/plain; charset=utf-8",
                 `Virtuoso 37000 Error SP030: SPARQL compiler, line ${line}: syntax error at 'VALUES' before '('\n`);
            return;
          }
          answer_query(store, req, res, params);
          return;
        }
        case "/queries":
          send(res, 200, "application/json", JSON.stringify(shuffle_log));
          return;
        case "/stats":
          send(res, 200, "application/json",
               JSON.stringify({ ...stats,
                                ...(datasets.size ? { datasets: Object.fromEntries(counters.counts) } : {}),
                                ...(served.size ? { served: Object.fromEntries(served_counts) } : {}) }));
          return;
        case "/status": {
          await protocol_parameters(req, url);
          const code = Number(url.searchParams.get("code"));
          if (!Number.isInteger(code) || code < 200 || code > 599) {
            send(res, 400, "text/plain; charset=utf-8", "/status needs code=200..599\n");
            return;
          }
          send(res, code, url.searchParams.get("type") ?? "text/plain; charset=utf-8",
               url.searchParams.get("body") ?? "");
          return;
        }
        case "/huge": {
          const { query } = await protocol_parameters(req, url);
          const mb = Math.min(Math.max(Number(url.searchParams.get("mb") ?? 50) || 50, 1), MAX_HUGE_MB);
          const limits = [...(query ?? "").matchAll(/\bLIMIT\s+(\d+)/gi)];
          await stream_huge(res, mb, limits.length ? Number(limits.at(-1)[1]) : undefined);
          return;
        }
        default:
          send(res, 404, "text/plain; charset=utf-8", `no route ${url.pathname}\n`);
      }
    } catch (error) {
      if (!res.headersSent) send(res, error.status ?? 500, "text/plain; charset=utf-8", `${error.message}\n`);
      else res.destroy();
    }
  });
}

function main() {
  const options = parse_arguments(process.argv.slice(2));
  const store = new oxigraph.Store();
  load_files(store, options.files);
  const datasets = new Map();
  for (const { name, files } of options.datasets) {
    const dataset_store = new oxigraph.Store();
    load_files(dataset_store, files);
    datasets.set(name, dataset_store);
  }
  const counters = dataset_counters(options.datasets.map((d) => d.name), options.counts);
  const server = create_server(store, options.verbose, datasets, counters,
                               { served: options.served, sd: options.sd, dataset_sd: options.dataset_sd });
  server.keepAliveTimeout = 5000;
  server.listen(options.port, "127.0.0.1", () => {
    process.stdout.write(`${server.address().port}\n`);
    if (options.verbose) process.stderr.write(`oxigraph-server: ${store.size} quads loaded\n`);
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) main();
