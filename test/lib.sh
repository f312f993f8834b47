# test/lib.sh - shared by test/run and test/demo: installs what the project
# needs, builds and installs the extension, and runs a throwaway cluster.
# PostgreSQL refuses to run as root, so the cluster runs as the `postgres`
# system user, in a temporary directory, on a Unix socket only (no TCP).

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# PG_BIN may point elsewhere: at another major version, or at a private copy
# of the installation (what parallel work on one machine uses).
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
export PG_CONFIG="$PG_BIN/pg_config"
DEB_PACKAGES="postgresql-15 postgresql-server-dev-15 libxxhash-dev clang-14 llvm-14 libclang-rt-14-dev make gcc"

# Installs the Debian packages the build and tests use, if any is missing.
ensure_packages() {
    local missing=""
    for pkg in $DEB_PACKAGES; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
    done
    if [ -n "$missing" ]; then
        echo "== installing:$missing"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    fi
}

build_and_install() {
    echo "== build and install"
    make -C "$REPO_ROOT" -s PG_CONFIG="$PG_CONFIG" PG_CFLAGS_EXTRA=-Werror
    make -C "$REPO_ROOT" -s PG_CONFIG="$PG_CONFIG" install
}

# start_cluster [port]: initdb + pg_ctl start in a fresh temporary directory
# (port 5499 unless given).  Sets CLUSTER_DIR and PGHOST/PGPORT/PGUSER/
# PGDATABASE for psql and pg_regress, and a trap that stops every cluster
# started so far and removes its directory on any exit.  Called twice, it
# runs two clusters (the postgres_fdw test), and PG* point at the second.
# CLUSTER_EXTRA_CONF: more lines for postgresql.conf.
CLUSTER_DIRS=()
start_cluster() {
    local port="${1:-5499}"
    CLUSTER_DIR="$(mktemp -d /tmp/bloomfilter-test.XXXXXX)"
    CLUSTER_DIRS+=("$CLUSTER_DIR")
    chown postgres:postgres "$CLUSTER_DIR"
    trap stop_cluster EXIT
    runuser -u postgres -- "$PG_BIN/initdb" -D "$CLUSTER_DIR/data" -U postgres \
        --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$CLUSTER_DIR/initdb.log" 2>&1 \
        || { cat "$CLUSTER_DIR/initdb.log"; return 1; }
    cat >>"$CLUSTER_DIR/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$CLUSTER_DIR'
port = $port
fsync = off
max_worker_processes = 8
max_parallel_workers = 8
shared_buffers = ${CLUSTER_SHARED_BUFFERS:-256MB}
${CLUSTER_EXTRA_CONF:-}
CONF
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w start >/dev/null
    export PGHOST="$CLUSTER_DIR" PGPORT="$port" PGUSER=postgres PGDATABASE=postgres
}

stop_cluster() {
    local status=$?
    local dir
    for dir in "${CLUSTER_DIRS[@]}"; do
        if [ -d "$dir" ]; then
            runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
            rm -rf "$dir"
        fi
    done
    CLUSTER_DIRS=()
    return $status
}
