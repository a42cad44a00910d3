#!/usr/bin/env python3
"""Summarises a report of the W3C evaluation suite (tests/engine/w3c_eval_test.cpp).

Usage:
  rm -f /tmp/w3c-report.tsv
  SPARQLMCP_W3C_REPORT=/tmp/w3c-report.tsv build/<dir>/tests/engine/engine_w3c_tests
  tests/engine/w3c_report.py /tmp/w3c-report.tsv table      # markdown table per folder
  tests/engine/w3c_report.py /tmp/w3c-report.tsv failures   # failing tests, one line each

The report has lines "D<TAB>folder<TAB>passed<TAB>total<TAB>skipped<TAB>failed" for each
folder, followed by "F<TAB>iri<TAB>diagnosis" and "S<TAB>iri<TAB>reason" lines of its tests.
"""
import sys


def main():
    path, what = sys.argv[1], sys.argv[2]
    folders, failures = [], []
    folder = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if parts[0] == "D":
                folder = parts[1]
                folders.append((folder, *map(int, parts[2:6])))
            elif parts[0] == "F":
                failures.append((folder, parts[1], parts[2] if len(parts) > 2 else ""))
    if what == "table":
        print("| Folder | Tests | Passed | Failed (known) | Skipped |")
        print("|---|---:|---:|---:|---:|")
        sums = [0, 0, 0, 0]
        for name, passed, total, skipped, failed in folders:
            print(f"| {name} | {total} | {passed} | {failed} | {skipped} |")
            for i, v in enumerate((total, passed, failed, skipped)):
                sums[i] += v
        print(f"| **all** | {sums[0]} | {sums[1]} | {sums[2]} | {sums[3]} |")
        run = sums[0] - sums[3]
        if run:
            print(f"\nPassed {sums[1]} of the {run} tests that run ({100.0 * sums[1] / run:.1f}%).")
    else:
        for name, iri, message in failures:
            print(f"{iri}\t{message}")


if __name__ == "__main__":
    main()
