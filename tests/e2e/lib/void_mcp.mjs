// Helpers for the end-to-end tests of get_void_descriptions and `sparql-mcp void` (issue 14):
// a VoID cache folder of the test's own, the tool called with a bounded wait, and waiting for a
// cache file on a file-system event rather than a clock.
import { existsSync, mkdtempSync, rmSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call_tool, text_of } from "./mcp.mjs";

export const TOOL = "get_void_descriptions";

// A temporary VoID cache folder: { dir, file(id), args (the server's --void-cache), remove() }.
export function void_cache_dir() {
  const dir = mkdtempSync(join(tmpdir(), "sparqlmcp-void-cache-"));
  return { dir, file: (id) => join(dir, `${id}.ttl`), args: ["--void-cache", dir],
           remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// Calls get_void_descriptions; resolves { result, text, entries (structuredContent's
// descriptions), entry (the first) }. Fails on an isError result unless `expect_error`.
export async function describe_void(client, args, { timeout_ms = 120000, onprogress, signal, expect_error = false } = {}) {
  const result = await call_tool(client, TOOL, args, { timeout_ms, onprogress, signal });
  const text = text_of(result);
  if (!expect_error && result.isError) throw new Error(`get_void_descriptions failed: ${text}`);
  const entries = result.structuredContent?.descriptions ?? [];
  return { result, text, entries, entry: entries[0] };
}

// Resolves once `path` exists: on the events of a watch on its folder, checked once after the
// watch is set up so that a file written before is seen too.
export function wait_for_file(path, { timeout_ms = 120000 } = {}) {
  const dir = join(path, "..");
  return new Promise((resolve, reject) => {
    let watcher = null;
    const timer = setTimeout(() => {
      watcher?.close();
      reject(new Error(`${path} did not appear within ${timeout_ms} ms`));
    }, timeout_ms);
    const check = () => {
      if (!existsSync(path)) return;
      clearTimeout(timer);
      watcher?.close();
      resolve();
    };
    watcher = watch(dir, check);
    check();
  });
}
