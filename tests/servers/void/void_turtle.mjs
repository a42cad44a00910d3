#!/usr/bin/env node
// Writes the figures of count.mjs as a VoID description in Turtle: what the test endpoints
// publish (at /.well-known/void, in their service description, in a graph), so a description
// that sparql-mcp retrieves can be checked against the same figures it would compute.
//
//   node tests/servers/void/void_turtle.mjs FIGURES.json --dataset IRI [--endpoint URL]
//                                           [--title TEXT] [--blank-partitions]
//
// The shape is the one void-generator writes and sparql-llm reads (research §1.2, §2.2):
//   <dataset> a void:Dataset ; void:sparqlEndpoint <endpoint> ; void:triples, void:classes,
//     void:properties, void:distinctSubjects, void:distinctObjects, void-ext:distinct* ;
//     void:classPartition <dataset#class-I> ; void:propertyPartition <dataset#property-J> .
//   <#class-I> void:class C ; void:entities N ; void:propertyPartition <#class-I-property-K> .
//   <#class-I-property-K> void:property P ; void:triples ; void:distinctSubjects ;
//     void:distinctObjects ; void:classPartition [ void:class D ; void:triples n ] ;
//     void-ext:datatypePartition [ void-ext:datatype T ; void:triples n ;
//       void-ext:languagePartition [ void-ext:language "en" ; void:triples n ] ] .
// Languages are nested in the rdf:langString datatype partition (research §2.3). Partitions are
// IRIs made from the dataset IRI (so a client can walk them level by level with VALUES), or
// blank nodes with --blank-partitions. Counts are bare integers (xsd:integer).
import { readFileSync, realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

const RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";

const iri = (value) => `<${value.replace(/[\x00-\x20<>"{}|^`\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}>`;
const string = (text) => JSON.stringify(text);
// A class or object-class key of count.mjs: an IRI, or a blank node written _:label.
const node = (key) => (key.startsWith("_:") ? key : iri(key));

export function void_turtle(figures, { dataset, endpoint = null, title = null, blank_partitions = false } = {}) {
  if (!dataset) throw new Error("void_turtle needs the dataset IRI (--dataset)");
  if (dataset.includes("#")) throw new Error(`the dataset IRI must have no fragment: ${dataset}`);
  const out = [
    "@prefix void: <http://rdfs.org/ns/void#> .",
    "@prefix void-ext: <http://ldf.fi/void-ext#> .",
    "@prefix dcterms: <http://purl.org/dc/terms/> .",
    "",
  ];
  let blanks = 0;
  const partition = (fragment) => (blank_partitions ? `_:p${blanks++}` : iri(`${dataset}#${fragment}`));
  const class_nodes = figures.classes.map((_, i) => partition(`class-${i}`));
  const property_nodes = figures.properties.map((_, j) => partition(`property-${j}`));
  out.push(`${iri(dataset)} a void:Dataset ;`);
  if (title) out.push(`  dcterms:title ${string(title)} ;`);
  if (endpoint) out.push(`  void:sparqlEndpoint ${iri(endpoint)} ;`);
  out.push(`  void:triples ${figures.triples} ;`,
           `  void:classes ${figures.class_count} ;`,
           `  void:properties ${figures.property_count} ;`,
           `  void:distinctSubjects ${figures.distinct_subjects} ;`,
           `  void:distinctObjects ${figures.distinct_objects} ;`,
           `  void-ext:distinctIRIReferenceSubjects ${figures.distinct_iri_subjects} ;`,
           `  void-ext:distinctBlankNodeSubjects ${figures.distinct_blank_subjects} ;`,
           `  void-ext:distinctIRIReferenceObjects ${figures.distinct_iri_objects} ;`,
           `  void-ext:distinctBlankNodeObjects ${figures.distinct_blank_objects} ;`,
           `  void-ext:distinctLiterals ${figures.distinct_literals}`);
  if (class_nodes.length) out[out.length - 1] += ` ;\n  void:classPartition ${class_nodes.join(", ")}`;
  if (property_nodes.length) out[out.length - 1] += ` ;\n  void:propertyPartition ${property_nodes.join(", ")}`;
  out[out.length - 1] += " .";
  figures.classes.forEach((c, i) => {
    const nested = c.properties.map((_, k) => partition(`class-${i}-property-${k}`));
    out.push("", `${class_nodes[i]} void:class ${node(c.class)} ;`, `  void:entities ${c.entities}` +
             (nested.length ? ` ;\n  void:propertyPartition ${nested.join(", ")} .` : " ."));
    c.properties.forEach((p, k) => {
      const lines = [`${nested[k]} void:property ${iri(p.property)}`, `  void:triples ${p.triples}`,
                     `  void:distinctSubjects ${p.distinct_subjects}`, `  void:distinctObjects ${p.distinct_objects}`];
      for (const [d, n] of Object.entries(p.object_classes)) lines.push(`  void:classPartition [ void:class ${node(d)} ; void:triples ${n} ]`);
      for (const [t, n] of Object.entries(p.datatypes)) {
        const languages = t === RDF_LANG_STRING ? Object.entries(p.languages) : [];
        const nested_languages = languages.map(([l, m]) => ` ;\n      void-ext:languagePartition [ void-ext:language ${string(l)} ; void:triples ${m} ]`);
        lines.push(`  void-ext:datatypePartition [ void-ext:datatype ${iri(t)} ; void:triples ${n}${nested_languages.join("")} ]`);
      }
      out.push(lines.join(" ;\n") + " .");
    });
  });
  figures.properties.forEach((p, j) => {
    out.push("", `${property_nodes[j]} void:property ${iri(p.property)} ;`, `  void:triples ${p.triples} ;`,
             `  void:distinctSubjects ${p.distinct_subjects} ;`, `  void:distinctObjects ${p.distinct_objects} .`);
  });
  return `${out.join("\n")}\n`;
}

function main() {
  const args = process.argv.slice(2);
  const options = {};
  let file = null;
  try {
    for (let i = 0; i < args.length; ++i) {
      const [flag, inline] = args[i].split(/=(.*)/s);
      const value = () => inline ?? args[++i];
      if (flag === "--dataset") options.dataset = value();
      else if (flag === "--endpoint") options.endpoint = value();
      else if (flag === "--title") options.title = value();
      else if (flag === "--blank-partitions") options.blank_partitions = true;
      else if (!flag.startsWith("-") && file === null) file = flag;
      else throw new Error(`unknown argument '${args[i]}'`);
    }
    if (file === null || !options.dataset) throw new Error("needs FIGURES.json and --dataset IRI");
    process.stdout.write(void_turtle(JSON.parse(readFileSync(file, "utf8")), options));
  } catch (error) {
    process.stderr.write(`void_turtle.mjs: ${error.message}\n` +
                         "usage: void_turtle.mjs FIGURES.json --dataset IRI [--endpoint URL] [--title TEXT] [--blank-partitions]\n");
    process.exit(2);
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) main();
