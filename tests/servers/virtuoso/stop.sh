#!/usr/bin/env bash
# Stops the Virtuoso started by start.sh DIR, by the PID in DIR/virtuoso.pid: SIGTERM, then
# SIGKILL after a bounded wait (VIRTUOSO_STOP_TIMEOUT seconds, default 20).
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "usage: $0 DIR" >&2
  exit 2
fi
pid_file=$1/virtuoso.pid
[[ -f $pid_file ]] || exit 0
pid=$(cat "$pid_file")
if [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + ${VIRTUOSO_STOP_TIMEOUT:-20}))
  while kill -0 "$pid" 2>/dev/null && (( SECONDS < deadline )); do sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
fi
rm -f "$pid_file"
