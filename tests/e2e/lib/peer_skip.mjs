// The one rule for end-to-end tests that need a peer (a federation engine, the MCP conformance
// suite, haproxy): give the test `{ skip: peer_skip(why) }`, where `why` says which peer is
// missing and how to install it, or is false when the peer is there.
// - On a developer's machine the test is skipped, with `why` as node:test's skip reason.
// - Under CI=true (.ci/run sets it) a skip would count as a pass and hide a broken installation:
//   the test is still skipped, and a test registered in its place fails with `why`, so the run
//   fails naming the peer and how to install it. One such test per reason and test file.
import { test } from "node:test";

export const IN_CI = /^(true|1)$/i.test(process.env.CI ?? "");

const failing = new Set();

export function peer_skip(why) {
  if (!why) return false;
  if (IN_CI && !failing.has(why)) {
    failing.add(why);
    test(`a peer is missing under CI=true: ${why}`, () => {
      throw new Error(`${why} (CI=true, so a missing peer fails the run; without CI=true the tests that need it are skipped)`);
    });
  }
  return why;
}
