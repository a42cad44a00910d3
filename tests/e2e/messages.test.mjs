// What an agent reads when its query text or keyword is not what it meant: invisible
// characters named by code point, Markdown fences and double escaping pointed out, a byte order
// mark skipped, an update's position given as a syntax error's is, and multi-word keywords.
// Driven through the official SDK client against the real binary and a real endpoint.
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { start_oxigraph } from "./lib/servers.mjs";
import { write_catalogue, connect_sdk, call_tool, text_of } from "./lib/mcp.mjs";

describe("error messages that say exactly what to fix", { timeout: 120000 }, () => {
  let oxigraph;
  let catalogue;
  let session;
  let endpoint;

  before(async () => {
    oxigraph = await start_oxigraph();
    endpoint = oxigraph.url("/query");
    catalogue = write_catalogue([
      { id: "people", endpoint, title: "People", description: "Persons, their names and ages." },
      { id: "pdb", endpoint: "http://127.0.0.1:9/pdb", title: "Protein Data Bank",
        description: "Three-dimensional structures of proteins and nucleic acids." },
      { id: "uniprot", endpoint: "http://127.0.0.1:9/uniprot", title: "UniProt",
        description: "Protein sequences and functions." },
    ]);
    session = await connect_sdk(catalogue.dir);
  });

  after(async () => {
    await session?.close();
    await oxigraph?.stop();
    catalogue?.remove();
  });

  const run = (query) => call_tool(session.client, "run_sparql_query", { query });
  const expect_error = async (query, expected) => {
    const result = await run(query);
    assert.equal(result.isError, true, `expected a tool error, got ${text_of(result).slice(0, 300)}`);
    assert.equal(text_of(result), expected);
  };
  const ask = (body) => `ASK { SERVICE <${endpoint}> { ${body} } }`;
  // "line L, column C" of the first `needle` in `text`, the column counted in code points.
  const where = (text, needle) => {
    const before = text.slice(0, text.indexOf(needle)).split("\n");
    return `line ${before.length}, column ${[...before.at(-1)].length + 1}`;
  };

  it("skips a byte order mark before the query", async () => {
    const result = await run(`\uFEFF${ask("?s ?p ?o")}`);
    assert.equal(result.isError ?? false, false, text_of(result));
    assert.equal(result.structuredContent.boolean, true);
  });

  it("names invisible characters by code point and Unicode name, at their line and column", async () => {
    await expect_error(`SELECT\u00A0?s WHERE { SERVICE <${endpoint}> { ?s ?p ?o } }`,
                       "SPARQL syntax error at line 1, column 7: unexpected character U+00A0 NO-BREAK SPACE, " +
                       "which looks like a space: replace it with an ordinary space");
    const zwsp = `ASK {\n  SERVICE <${endpoint}> {\u200B?s ?p ?o } }`;
    await expect_error(zwsp, `SPARQL syntax error at ${where(zwsp, "\u200B")}: unexpected invisible character ` +
                             "U+200B ZERO WIDTH SPACE: delete it");
    const separator = `ASK { SERVICE <${endpoint}> { ?s ?p ?o }\u2028}`;
    await expect_error(separator, `SPARQL syntax error at ${where(separator, "\u2028")}: unexpected character ` +
                                  "U+2028 LINE SEPARATOR, which looks like a line break: replace it with an " +
                                  "ordinary line break");
  });

  it("says to remove Markdown code fences", async () => {
    await expect_error("```sparql\n" + ask("?s ?p ?o") + "\n```",
                       "SPARQL syntax error at line 1, column 1: unexpected character '`'; the query is wrapped in " +
                       "a Markdown code fence: remove the ``` lines and send only the SPARQL text");
  });

  it("says to send real line breaks when the query was escaped twice", async () => {
    const escaped = `PREFIX foaf: <http://xmlns.com/foaf/0.1/>\\n${ask("?s foaf:name ?n")}`;
    await expect_error(escaped,
                       `SPARQL syntax error at ${where(escaped, "\\")}: unexpected character '\\'; the query contains ` +
                       "the two characters \\ and n where a line break was meant (the text was escaped twice): " +
                       "send real line breaks");
  });

  it("gives an update's position in the words of a syntax error", async () => {
    await expect_error("PREFIX ex: <http://example.org/>\n  INSERT DATA { ex:a ex:b ex:c }",
                       "Query refused at line 2, column 3: this server is read-only: SPARQL Update (INSERT DATA) " +
                       "is not accepted; send a SELECT, ASK, CONSTRUCT or DESCRIBE query");
  });

  it("matches every word of a multi-word keyword, in any order", async () => {
    const ids = async (keyword) => {
      const result = await call_tool(session.client, "list_endpoints", { keyword });
      assert.equal(result.isError ?? false, false, text_of(result));
      return result.structuredContent.endpoints.map((e) => e.id);
    };
    assert.deepEqual(await ids("protein structure"), ["pdb"]);
    assert.deepEqual(await ids("Structures PROTEIN"), ["pdb"]);
    assert.deepEqual(await ids("protein"), ["pdb", "uniprot"]);
    const none = await call_tool(session.client, "list_endpoints", { keyword: "protein ages" });
    assert.equal(text_of(none), "No endpoint matches every word of 'protein ages'. 3 endpoints are known: call " +
                                "list_endpoints without a keyword to see them all.\n");
    const { tools } = await session.client.listTools();
    const list = tools.find((t) => t.name === "list_endpoints");
    assert.match(list.description, /contains every word of the keyword, in any order/);
  });
});
