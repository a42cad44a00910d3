// Two small Oxigraph endpoints whose join the federation tests check: one with ex:name, one with
// ex:age (and one person without a name). Resolves { names, ages, stop() } once both listen; the
// data files live in a temporary folder that stop() removes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start_oxigraph } from "./servers.mjs";

export const XSD_INTEGER = "http://www.w3.org/2001/XMLSchema#integer";

export async function start_names_and_ages() {
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-names-ages-"));
  writeFileSync(join(dir, "names.nt"),
                '<http://ex/p1> <http://ex/name> "Alice" .\n<http://ex/p2> <http://ex/name> "Bob"@en .\n');
  writeFileSync(join(dir, "ages.nt"),
                `<http://ex/p1> <http://ex/age> "30"^^<${XSD_INTEGER}> .\n` +
                `<http://ex/p2> <http://ex/age> "40"^^<${XSD_INTEGER}> .\n` +
                `<http://ex/p3> <http://ex/age> "50"^^<${XSD_INTEGER}> .\n`);
  const [names, ages] = await Promise.allSettled([start_oxigraph([join(dir, "names.nt")]),
                                                  start_oxigraph([join(dir, "ages.nt")])]);
  const stop = async () => {
    await Promise.all([names.value?.stop(), ages.value?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
  if (names.status === "rejected" || ages.status === "rejected") {
    await stop();
    throw (names.reason ?? ages.reason);
  }
  return { names: names.value, ages: ages.value, stop };
}
