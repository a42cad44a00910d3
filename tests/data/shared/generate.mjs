#!/usr/bin/env node
// Writes people.ttl and numbers.ttl beside this script (or into the folder given as the
// first argument). The output is deterministic: rerunning it must not change the files.
import { writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { people_turtle, numbers_turtle } from "./dataset.mjs";

const out = process.argv[2] ?? dirname(fileURLToPath(import.meta.url));
writeFileSync(join(out, "people.ttl"), people_turtle());
writeFileSync(join(out, "numbers.ttl"), numbers_turtle());
