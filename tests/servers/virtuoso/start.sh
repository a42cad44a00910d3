#!/usr/bin/env bash
# Starts a private Virtuoso Open Source 7 instance for tests and loads the test data.
#
#   tests/servers/virtuoso/start.sh DIR PORT_SQL PORT_HTTP [--text-index]
#                                   [FILE=GRAPH_IRI | --bulk FILE=GRAPH_IRI]...
#
# DIR receives virtuoso.ini, the database, the log (virtuoso.log) and virtuoso.pid. Both ports
# listen on 127.0.0.1 only. The SPARQL endpoint is http://127.0.0.1:PORT_HTTP/sparql; each FILE
# (Turtle or N-Triples) is loaded into its named graph, so one server can stand for several
# "endpoints" through /sparql?default-graph-uri=GRAPH_IRI. Without FILE arguments the shared
# test data is loaded: tests/data/shared/people.ttl into http://example.org/graph/people and
# numbers.ttl (12,000 values, more than ResultSetMaxRows) into http://example.org/graph/numbers.
# A file given with --bulk (N-Triples .nt, Turtle .ttl, N-Quads .nq, or one of them gzipped) is
# loaded by Virtuoso's bulk loader instead (ld_add + rdf_loader_run, then a check of
# DB.DBA.LOAD_LIST for errors), which reads the file as a stream rather than as one string in
# memory (file_to_string_output) and takes it gzipped: the way to load the VoID benchmark's
# million triples (about 10 s). --text-index builds Virtuoso's free-text index of literals
# (bif:contains) for the files that follow. The seconds the loading took are printed in the closing line.
#
# The public default result cap ResultSetMaxRows = 10000 is kept on purpose: public Virtuoso
# endpoints truncate silently at that cap, and tests check that sparql-mcp notices.
# Environment: VIRTUOSO_START_TIMEOUT (seconds, default 180) bounds the wait for the server.
set -euo pipefail

if [[ $# -lt 3 ]]; then
  echo "usage: $0 DIR PORT_SQL PORT_HTTP [FILE=GRAPH_IRI | --bulk FILE=GRAPH_IRI]..." >&2
  exit 2
fi
dir=$1 port_sql=$2 port_http=$3
shift 3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
shared_data=$(cd "$here/../../data/shared" && pwd)
timeout_s=${VIRTUOSO_START_TIMEOUT:-180}

if [[ $# -eq 0 ]]; then
  set -- "$shared_data/people.ttl=http://example.org/graph/people" \
         "$shared_data/numbers.ttl=http://example.org/graph/numbers"
fi

virtuoso_bin=$(command -v virtuoso-t || true)
isql_bin=$(command -v isql-vt || command -v isql-v || true)
if [[ -z $virtuoso_bin || -z $isql_bin ]]; then
  echo "virtuoso-t or isql-vt not found: install virtuoso-opensource (scripts/install-deps.sh)" >&2
  exit 1
fi

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if [[ -f $dir/virtuoso.pid ]] && kill -0 "$(cat "$dir/virtuoso.pid")" 2>/dev/null; then
  echo "a Virtuoso started from $dir is already running (pid $(cat "$dir/virtuoso.pid"))" >&2
  exit 1
fi
# A fresh database every time: tests must not depend on what an earlier run left behind.
rm -rf "$dir/db" "$dir/data" "$dir/virtuoso.pid"
mkdir -p "$dir/db" "$dir/data" "$dir/vsp"

plugins_dir=/usr/lib/x86_64-linux-gnu/virtuoso-opensource-7/hosting
[[ -d $plugins_dir ]] || plugins_dir=$dir

# The essentials of Debian's /etc/virtuoso-opensource-7/virtuoso.ini, with private paths,
# loopback-only ports, and the data folder in DirsAllowed so file_to_string_output can read it.
cat > "$dir/virtuoso.ini" <<INI
[Database]
DatabaseFile       = $dir/db/virtuoso.db
ErrorLogFile       = $dir/virtuoso.log
LockFile           = $dir/db/virtuoso.lck
TransactionFile    = $dir/db/virtuoso.trx
xa_persistent_file = $dir/db/virtuoso.pxa
ErrorLogLevel      = 7
FileExtend         = 200
MaxCheckpointRemap = 2000
Striping           = 0
TempStorage        = TempDatabase

[TempDatabase]
DatabaseFile       = $dir/db/virtuoso-temp.db
TransactionFile    = $dir/db/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping           = 0

[Parameters]
ServerPort               = 127.0.0.1:$port_sql
LiteMode                 = 0
DisableUnixSocket        = 1
DisableTcpSocket         = 0
MaxClientConnections     = 10
CheckpointInterval       = 60
O_DIRECT                 = 0
CaseMode                 = 2
MaxStaticCursorRows      = 5000
CheckpointAuditTrail     = 0
AllowOSCalls             = 0
SchedulerInterval        = 10
DirsAllowed              = ., $dir/data
ThreadCleanupInterval    = 0
ThreadThreshold          = 10
ResourcesCleanupInterval = 0
FreeTextBatchSize        = 100000
SingleCPU                = 0
PrefixResultNames        = 0
RdfFreeTextRulesSize     = 100
IndexTreeMaps            = 64
MaxQueryMem              = 256M
VectorSize               = 1000
MaxVectorSize            = 1000000
AdjustVectorSize         = 0
ThreadsPerQuery          = 2
AsyncQueueMaxThreads     = 10
NumberOfBuffers          = 10000
MaxDirtyBuffers          = 6000

[HTTPServer]
ServerPort                  = 127.0.0.1:$port_http
ServerRoot                  = $dir/vsp
MaxClientConnections        = 10
DavRoot                     = DAV
EnabledDavVSP               = 0
HTTPProxyEnabled            = 0
TempASPXDir                 = 0
ServerThreads               = 10
MaxKeepAlives               = 10
KeepAliveTimeout            = 10
MaxCachedProxyConnections   = 10
ProxyConnectionCacheTimeout = 15
HTTPThreadSize              = 280000
HttpPrintWarningsInOutput   = 0
Charset                     = UTF-8
EnabledGzipContent          = 1

[AutoRepair]
BadParentLinks = 0

[Client]
SQL_PREFETCH_ROWS  = 100
SQL_PREFETCH_BYTES = 16000
SQL_QUERY_TIMEOUT  = 0
SQL_TXN_TIMEOUT    = 0

[VDB]
ArrayOptimization           = 0
NumArrayParameters          = 10
VDBDisconnectTimeout        = 1000
KeepConnectionOnFixedThread = 0

[Replication]
ServerName   = test
ServerEnable = 1
QueueMax     = 50000

[URIQA]
DynamicLocal = 0
DefaultHost  = 127.0.0.1:$port_http

[SPARQL]
ResultSetMaxRows           = 10000
MaxQueryCostEstimationTime = 400
MaxQueryExecutionTime      = 60
DefaultQuery               = select distinct ?Concept where {[] a ?Concept} LIMIT 100
DeferInferenceRulesInit    = 0

[Plugins]
LoadPath = $plugins_dir
INI

# Copy the data into the allowed folder (a hard link when it can: the bulk files are large);
# remember which graph each file goes to.
load_sql=$dir/load.sql
: > "$load_sql"
index=0
bulk=0
text_index=0
while [[ $# -gt 0 ]]; do
  spec=$1
  shift
  method=ttlp
  if [[ $spec == --text-index ]]; then
    # Virtuoso's free-text index over every literal (what bif:contains searches), filled as the
    # data is loaded and brought up to date after it.
    echo "DB.DBA.RDF_OBJ_FT_RULE_ADD (null, null, 'All');" >> "$load_sql"
    text_index=1
    continue
  fi
  if [[ $spec == --bulk ]]; then
    if [[ $# -eq 0 ]]; then
      echo "--bulk needs FILE=GRAPH_IRI" >&2
      exit 2
    fi
    spec=$1
    shift
    method=bulk
  fi
  file=${spec%%=*}
  graph=${spec#*=}
  if [[ $file == "$spec" || -z $graph ]]; then
    echo "data argument '$spec' must be FILE=GRAPH_IRI" >&2
    exit 2
  fi
  if [[ ! -r $file ]]; then
    echo "cannot read data file $file" >&2
    exit 1
  fi
  if [[ $graph == *"'"* ]]; then
    echo "graph IRI '$graph' must not contain a quote" >&2
    exit 2
  fi
  index=$((index + 1))
  copy=$dir/data/$index-$(basename "$file")
  ln "$file" "$copy" 2>/dev/null || cp "$file" "$copy"
  if [[ $method == bulk ]]; then
    case $copy in
      *.nt | *.ttl | *.nq | *.nt.gz | *.ttl.gz | *.nq.gz) ;;
      *)
        echo "--bulk $file: the bulk loader takes .nt, .ttl or .nq files (gzipped or not)" >&2
        exit 2
        ;;
    esac
    # The bulk loader's queue (DB.DBA.LOAD_LIST): one row per file, loaded by rdf_loader_run.
    echo "ld_add ('$copy', '$graph');" >> "$load_sql"
    bulk=$((bulk + 1))
  else
    # TTLP_MT parses Turtle and N-Triples; flag 0 = strict parsing.
    echo "DB.DBA.TTLP_MT (file_to_string_output ('$copy'), '', '$graph', 0);" >> "$load_sql"
  fi
done
if [[ $bulk -gt 0 ]]; then
  echo "rdf_loader_run ();" >> "$load_sql"
  # A file the loader could not read is marked in LOAD_LIST (ll_error), not reported by isql.
  echo "select 'BULK-LOAD-ERROR', ll_file, ll_error from DB.DBA.LOAD_LIST where ll_error is not null or ll_state <> 2;" >> "$load_sql"
fi
if [[ $text_index -eq 1 ]]; then
  echo "DB.DBA.VT_INC_INDEX_DB_DBA_RDF_OBJ ();" >> "$load_sql"
fi
echo "checkpoint;" >> "$load_sql"

cd "$dir"
"$virtuoso_bin" +foreground +configfile "$dir/virtuoso.ini" > "$dir/virtuoso.out" 2>&1 &
pid=$!
echo "$pid" > "$dir/virtuoso.pid"

fail() {
  echo "Virtuoso in $dir: $1" >&2
  tail -n 20 "$dir/virtuoso.log" "$dir/virtuoso.out" >&2 2>/dev/null || true
  kill "$pid" 2>/dev/null || true
  rm -f "$dir/virtuoso.pid"
  exit 1
}

# Bounded wait: the HTTP endpoint answers only once the database is open.
deadline=$((SECONDS + timeout_s))
until curl -fsS -o /dev/null --max-time 5 \
        "http://127.0.0.1:$port_http/sparql?query=ASK%7B%7D" 2>/dev/null; do
  kill -0 "$pid" 2>/dev/null || fail "virtuoso-t exited during start-up"
  (( SECONDS < deadline )) || fail "no answer on http://127.0.0.1:$port_http/sparql after ${timeout_s}s"
  sleep 0.5
done

load_start=$(date +%s%N)
if ! timeout "$timeout_s" "$isql_bin" "127.0.0.1:$port_sql" dba dba "$load_sql" > "$dir/load.log" 2>&1 ||
   grep -q -E '^\*\*\* Error|BULK-LOAD-ERROR' "$dir/load.log"; then
  cat "$dir/load.log" >&2
  fail "loading the test data failed"
fi
load_ms=$((($(date +%s%N) - load_start) / 1000000))
echo "Virtuoso ready: pid $pid, http://127.0.0.1:$port_http/sparql, SQL port $port_sql, data in $dir," \
     "loaded in $((load_ms / 1000)).$(printf '%03d' $((load_ms % 1000))) s"
