#!/bin/sh
# Runs one fuzz target for CTest and keeps its output short enough to be read where it fails:
# libFuzzer prints a line per new input, so a CI log shows only a window of thousands of lines
# and can miss the report. On success: the final statistics. On failure: the report (from the
# first sanitizer, libFuzzer or fuzz-check error on), the end of the log, and the failing input
# as hex, so that it can be replayed on another machine (xxd -r -p > input; fuzz_NAME input).
#
#   run-ctest-fuzz.sh LOG BINARY ARGS...
log=$1
shift
status=0
"$@" > "$log" 2>&1 || status=$?
if [ "$status" -eq 0 ]; then
  grep -a '^stat::' "$log"
  exit 0
fi
echo "fuzz target failed with status $status (full log: $log)"
echo "--- report"
awk '/==[0-9]+==ERROR|^fuzz check failed|ERROR: libFuzzer|^SUMMARY:/ { on = 1 } on' "$log" |
  head -n 120
echo "--- end of the log"
tail -n 15 "$log"
artifact=$(grep -aoE '(Test unit|artifact) written to [^ ]+' "$log" | sed 's/.* to //' | tail -n 1)
if [ -n "$artifact" ] && [ -f "$artifact" ]; then
  echo "--- the failing input ($(wc -c < "$artifact") bytes, hex)"
  od -An -v -tx1 "$artifact" | tr -d ' \n' | fold -w 96
  echo
fi
exit "$status"
