# Waiting for a server started in the background, shared by the CLI scripts (sourced, not run).
# A loaded 2-core machine can take many seconds to start one, so each wait allows 30 s.

# wait_for FILE PATTERN: prints the first match of the grep PATTERN in FILE once there is one;
# status 1 when there is none after 30 s.
wait_for() {
  local file=$1 pattern=$2 match
  for _ in $(seq 1 300); do
    match=$(grep -o -- "$pattern" "$file" 2>/dev/null | head -1) || true
    if [ -n "$match" ]; then
      printf '%s\n' "$match"
      return 0
    fi
    sleep 0.1
  done
  return 1
}

# listening_port FILE: the port a server's first line names (`http://127.0.0.1:PORT/`).
listening_port() {
  local address
  address=$(wait_for "$1" ':[0-9][0-9]*/') || return 1
  printf '%s\n' "$address" | tr -d ':/'
}
