#!/usr/bin/env bash
# Benchmarks StaticServe against Debian's nginx on the same 2 KB file, in the same run.
#
#   Scripts/bench-serve.sh             # wrk -t2 -c64 -d5s against both, then the ratio
#   SOAK=1 Scripts/bench-serve.sh      # plus 60 s of load on StaticServe, sampling its RSS
#   BASELINE=/work/before/.build/release/navdom Scripts/bench-serve.sh
#                                      # plus another navdom build in the same rounds (before/after)
#
# Environment: ROUNDS (3), DURATION (5s), CONNECTIONS (64), THREADS (2), SERVE_PORT (18181),
# NGINX_PORT (18182), BASELINE_PORT (18183), SOAK_SECONDS (60), BASELINE (another navdom binary),
# NAVDOM_BIN (the navdom measured; default: this checkout's release build, built first).
#
# The server measured is `navdom serve` itself (release build, one event loop per core).
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${DURATION:-5s}"
connections="${CONNECTIONS:-64}"
threads="${THREADS:-2}"
serve_port="${SERVE_PORT:-18181}"
nginx_port="${NGINX_PORT:-18182}"
soak_seconds="${SOAK_SECONDS:-60}"
baseline="${BASELINE:-}"
baseline_port="${BASELINE_PORT:-18183}"
loops="$(nproc)"

# wrk, nginx and curl are Debian's, installed here when missing (as Scripts/test.sh installs its own;
# no test uses them). swiftc is the toolchain's.
command -v swiftc >/dev/null || { echo "bench-serve: swiftc not found (the Swift toolchain)" >&2; exit 1; }
missing=()
for pair in wrk:wrk /usr/sbin/nginx:nginx curl:curl; do
  command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "bench-serve: installing Debian packages: ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null \
    || { echo "bench-serve: could not install ${missing[*]} (apt-get install ${missing[*]})" >&2; exit 1; }
fi

if [[ -n "${NAVDOM_BIN:-}" ]]; then
  # Another checkout's build (Scripts/bench-side-by-side.sh): this one is neither built nor read.
  navdom="$NAVDOM_BIN"
  [[ -x "$navdom" ]] || { echo "bench-serve: NAVDOM_BIN=$navdom is not an executable" >&2; exit 1; }
else
  echo "building navdom (swift build -c release)..." >&2
  swift build -c release --product navdom >&2
  navdom="$(swift build -c release --show-bin-path)/navdom"
fi

work="$(mktemp -d /tmp/bench-serve.XXXXXX)"
chmod 755 "$work"
mkdir -p "$work/public"
head -c 2048 /dev/zero | tr '\0' 'a' > "$work/public/bench.txt"
echo '<!doctype html><title>bench</title>' > "$work/public/index.html"
chmod -R a+rX "$work/public"

serve_pid=""
nginx_pid=""
baseline_pid=""
cleanup() {
  [[ -n "$serve_pid" ]] && kill "$serve_pid" 2>/dev/null || true
  [[ -n "$baseline_pid" ]] && kill "$baseline_pid" 2>/dev/null || true
  [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

cat > "$work/nginx.conf" <<CONF
worker_processes 2;
daemon off;
master_process on;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  default_type text/plain;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path $work/client_body;
  proxy_temp_path $work/proxy;
  fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi;
  scgi_temp_path $work/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/public;
  }
}
CONF

# The real command, demo router and all: a request for a static file first asks the demo app
# whether the URL is one of its pages, then falls through to the file.
"$navdom" serve --public "$work/public" --port "$serve_port" --quiet > "$work/serve.log" 2>&1 &
serve_pid=$!
/usr/sbin/nginx -p "$work" -c "$work/nginx.conf" -e "$work/nginx-error.log" &
nginx_pid=$!
if [[ -n "$baseline" ]]; then
  "$baseline" serve --public "$work/public" --port "$baseline_port" --quiet > "$work/baseline.log" 2>&1 &
  baseline_pid=$!
fi

wait_for_port() {
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.05
  done
  echo "bench-serve: nothing listening on port $1" >&2
  exit 1
}
wait_for_port "$serve_port"
wait_for_port "$nginx_port"
[[ -n "$baseline" ]] && wait_for_port "$baseline_port"

# Both must serve the same bytes.
curl -sf "http://127.0.0.1:$serve_port/bench.txt" | cmp -s - "$work/public/bench.txt" || { echo "StaticServe served wrong bytes" >&2; exit 1; }
curl -sf "http://127.0.0.1:$nginx_port/bench.txt" | cmp -s - "$work/public/bench.txt" || { echo "nginx served wrong bytes" >&2; exit 1; }

# Prints "requests_per_second p99 errors" for one wrk run.
run_wrk() {
  local port="$1" length="$2" report
  report="$(wrk -t"$threads" -c"$connections" -d"$length" --latency "http://127.0.0.1:$port/bench.txt")"
  echo "$report" > "$work/wrk-$port.txt"
  local rps p99 socket_errors non2xx
  rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$report")"
  p99="$(awk '$1 == "99%" {print $2}' <<<"$report")"
  socket_errors="$(awk -F'[ ,]+' '/Socket errors:/ {print $5 + $7 + $9 + $11}' <<<"$report")"
  non2xx="$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<<"$report")"
  echo "$rps $p99 $(( ${socket_errors:-0} + ${non2xx:-0} ))"
}

rounds="${ROUNDS:-3}"
echo "wrk -t$threads -c$connections -d$duration --latency, 2 KB file, $(nproc) cores shared by server and wrk"
echo "$rounds alternating rounds (the machine is shared; alternating keeps the comparison fair); medians reported"
# A short warm-up for both, then the measured runs, alternating.
run_wrk "$serve_port" 1s > /dev/null
run_wrk "$nginx_port" 1s > /dev/null
[[ -n "$baseline" ]] && run_wrk "$baseline_port" 1s > /dev/null
serve_runs=()
nginx_runs=()
baseline_runs=()
for round in $(seq 1 "$rounds"); do
  serve_runs+=("$(run_wrk "$serve_port" "$duration")")
  nginx_runs+=("$(run_wrk "$nginx_port" "$duration")")
  line="  round $round: StaticServe ${serve_runs[-1]%% *} req/s, nginx ${nginx_runs[-1]%% *} req/s"
  if [[ -n "$baseline" ]]; then
    baseline_runs+=("$(run_wrk "$baseline_port" "$duration")")
    line+=", baseline ${baseline_runs[-1]%% *} req/s"
  fi
  echo "$line"
done
# The median run by requests/s; errors are summed over all runs.
median() { printf '%s\n' "$@" | sort -n -k1,1 | awk '{ line[NR] = $0 } END { print line[int((NR + 1) / 2)] }'; }
total_errors() { printf '%s\n' "$@" | awk '{ sum += $3 } END { print sum }'; }
read -r serve_rps serve_p99 _ <<<"$(median "${serve_runs[@]}")"
read -r nginx_rps nginx_p99 _ <<<"$(median "${nginx_runs[@]}")"
serve_errors="$(total_errors "${serve_runs[@]}")"
nginx_errors="$(total_errors "${nginx_runs[@]}")"
printf '%-34s %12s %10s %8s\n' "server (median of $rounds)" "requests/s" "p99" "errors"
printf '%-34s %12s %10s %8s\n' "navdom serve ($loops event loops)" "$serve_rps" "$serve_p99" "$serve_errors"
printf '%-34s %12s %10s %8s\n' "nginx (2 workers)" "$nginx_rps" "$nginx_p99" "$nginx_errors"
if [[ -n "$baseline" ]]; then
  read -r baseline_rps baseline_p99 _ <<<"$(median "${baseline_runs[@]}")"
  printf '%-34s %12s %10s %8s\n' "baseline ($(basename "$(dirname "$(dirname "$(dirname "$baseline")")")"))" \
    "$baseline_rps" "$baseline_p99" "$(total_errors "${baseline_runs[@]}")"
  echo "ratio baseline / nginx: $(awk -v a="$baseline_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')x"
fi
ratio="$(awk -v a="$serve_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')"
echo "ratio StaticServe / nginx: ${ratio}x (goal >= 0.8x, no errors)"

if [[ "${SOAK:-0}" == "1" ]]; then
  echo "soak: ${soak_seconds}s of wrk -c$connections against StaticServe, RSS of pid $serve_pid every 5 s"
  rss() { awk '/^VmRSS:/ {print $2}' "/proc/$serve_pid/status"; }
  echo "  t=0s rss=$(rss) kB"
  wrk -t"$threads" -c"$connections" -d"${soak_seconds}s" --latency "http://127.0.0.1:$serve_port/bench.txt" > "$work/soak.txt" &
  wrk_pid=$!
  samples=()
  for elapsed in $(seq 5 5 "$soak_seconds"); do
    sleep 5
    sample="$(rss)"
    samples+=("$sample")
    echo "  t=${elapsed}s rss=${sample} kB"
  done
  wait "$wrk_pid"
  echo "  $(awk '/^Requests\/sec:/' "$work/soak.txt")  $(grep -E 'Socket errors|Non-2xx' "$work/soak.txt" | tr -s ' ' || echo 'no errors')"
  first="${samples[1]:-${samples[0]}}"
  last="${samples[-1]}"
  echo "  rss after 10 s: ${first} kB, at the end: ${last} kB (growth $(( last - first )) kB)"
fi

# Graceful shutdown: SIGTERM must make the server finish and exit 0.
kill -TERM "$serve_pid"
if wait "$serve_pid"; then echo "StaticServe exited cleanly on SIGTERM"; else echo "StaticServe exit status $? on SIGTERM" >&2; fi
serve_pid=""
