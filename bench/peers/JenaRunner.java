// A long-lived Apache Jena ARQ process for bench/federation.mjs: one JVM runs query after query,
// so per-query times are not dominated by JVM start-up and class loading.
//
//   java -cp "$(cat build/peers/jena/classpath)" JenaRunner
//
// stdin: one JSON object per line, {"id": ..., "query": "..."} (id: any JSON value).
// stdout: one JSON object per line for each input line, in order:
//   {"id", "ms", "vars": [...], "bindings": [...]}   SELECT; bindings as in SPARQL 1.1 Query
//                                                    Results JSON (section 3.2.2)
//   {"id", "ms", "boolean": true|false}              ASK
//   {"id", "ms", "error": "..."}                     parse or evaluation failure
// ms is the wall time from parsing the query to the last row read. The first line written is
// {"ready": true, "engine": "jena-arq", "version": "..."} once the engine is initialised.
//
// Each query runs with ARQ's QueryExecution over an empty dataset, so every triple comes from
// a SERVICE clause; SERVICE execution is enabled explicitly (Service.httpServiceAllowed).
// Nothing is cached between queries: ARQ keeps no result cache, and a fresh QueryExecution is
// built per query (the JDK HTTP client it uses keeps connections alive, as any client does).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.jena.atlas.json.JSON;
import org.apache.jena.atlas.json.JsonArray;
import org.apache.jena.atlas.json.JsonNumber;
import org.apache.jena.atlas.json.JsonObject;
import org.apache.jena.atlas.json.JsonValue;
import org.apache.jena.graph.Node;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.http.Service;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sys.JenaSystem;

public final class JenaRunner {
  private JenaRunner() {}

  public static void main(String[] args) throws Exception {
    JenaSystem.init();
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    JsonObject ready = new JsonObject();
    ready.put("ready", true);
    ready.put("engine", "jena-arq");
    ready.put("version", ARQ.VERSION);
    writeLine(out, ready);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null;) {
      if (line.isBlank()) continue;
      writeLine(out, answer(line));
    }
  }

  private static JsonObject answer(String line) {
    JsonObject reply = new JsonObject();
    long start = System.nanoTime();
    try {
      JsonObject request = JSON.parse(line);
      if (request.hasKey("id")) reply.put("id", request.get("id"));
      JsonValue text = request.get("query");
      if (text == null || !text.isString()) throw new IllegalArgumentException("the request has no \"query\" string");
      start = System.nanoTime();
      Query query = QueryFactory.create(text.getAsString().value());
      try (QueryExecution execution = QueryExecution.create()
               .query(query)
               .dataset(DatasetFactory.empty())
               .set(Service.httpServiceAllowed, true)
               .build()) {
        if (query.isSelectType()) {
          ResultSet results = execution.execSelect();
          JsonArray vars = new JsonArray();
          for (String name : results.getResultVars()) vars.add(name);
          JsonArray rows = new JsonArray();
          while (results.hasNext()) rows.add(toJson(results.nextBinding()));
          reply.put("vars", vars);
          reply.put("bindings", rows);
        } else if (query.isAskType()) {
          reply.put("boolean", execution.execAsk());
        } else {
          throw new IllegalArgumentException("only SELECT and ASK queries are supported");
        }
      }
    } catch (Exception | StackOverflowError error) {
      reply.put("error", error.getClass().getSimpleName() + ": " + error.getMessage());
    }
    reply.put("ms", JsonNumber.value(Math.round((System.nanoTime() - start) / 1e3) / 1e3));
    return reply;
  }

  // One solution as a SPARQL 1.1 Query Results JSON binding object (section 3.2.2).
  private static JsonObject toJson(Binding binding) {
    JsonObject row = new JsonObject();
    for (Iterator<Var> vars = binding.vars(); vars.hasNext();) {
      Var var = vars.next();
      Node node = binding.get(var);
      if (node == null) continue;
      JsonObject term = new JsonObject();
      if (node.isURI()) {
        term.put("type", "uri");
        term.put("value", node.getURI());
      } else if (node.isBlank()) {
        term.put("type", "bnode");
        term.put("value", node.getBlankNodeLabel());
      } else if (node.isLiteral()) {
        term.put("type", "literal");
        term.put("value", node.getLiteralLexicalForm());
        String lang = node.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
          term.put("xml:lang", lang);
        } else if (!"http://www.w3.org/2001/XMLSchema#string".equals(node.getLiteralDatatypeURI())) {
          term.put("datatype", node.getLiteralDatatypeURI());
        }
      } else {
        term.put("type", "unsupported");
        term.put("value", node.toString());
      }
      row.put(var.getVarName(), term);
    }
    return row;
  }

  private static void writeLine(PrintStream out, JsonObject value) {
    // toStringFlat writes no line breaks between tokens and escapes those inside strings.
    out.print(JSON.toStringFlat(value));
    out.print('\n');
    out.flush();
  }
}
