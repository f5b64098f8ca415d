#!/usr/bin/env bash
# cluster/cluster.sh: a real Accumulo cluster on one machine (bin/cluster runs this script).
#
#   up --tservers K [--bandwidth RATE] [--heap-mb N] [--fs local|hdfs] [--dir D]
#   down [--dir D]
#   status [--dir D]
#   run [--dir D] -- COMMAND...           run COMMAND on the cluster's client host
#   serve ROLE --dir D [--address IP]     run one process in the foreground (used by `up` inside
#                                         a namespace, and by docker/ inside a container)
#
# `up` lays out D with cluster/install.sh, puts a "control host" (ZooKeeper, manager, gc; with
# --fs hdfs the NameNode) and one host per tablet server (with --fs hdfs a DataNode beside it)
# into network namespaces on a private bridge, limits the tablet-server hosts' bridge ports to
# RATE with tbf, starts every process through its own entry point, records its PID, and returns
# once every tablet server is registered and a test table answers. A client host, a namespace
# of its own on the bridge whose link is capped like the tablet servers', is where `run` puts
# a client (the bench), so that what it pulls and pushes crosses a capped link too. `down` stops what `up` started
# and removes its namespaces and links; `up` first does the same for leftovers of the same D.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
self="$root/cluster/cluster.sh"
me="bin/cluster"

die() { echo "$me: $*" >&2; exit 1; }
usage() {
  sed -n '4,10p' "$self" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

cmd="${1:-}"
[ -n "$cmd" ] || usage
shift
dir="$root/target/cluster" tservers="" bandwidth="" heap_mb=768 fs="local" role="" address=""
if [ "$cmd" = serve ]; then
  role="${1:-}"
  [ -n "$role" ] || usage
  shift
fi
command=()
while [ $# -gt 0 ]; do
  case "$1" in
    --) [ "$cmd" = run ] || { echo "$me: -- is for run" >&2; usage; }
        shift; command=("$@"); break ;;
    --dir) dir="$2"; shift 2 ;;
    --tservers) tservers="$2"; shift 2 ;;
    --bandwidth) bandwidth="$2"; shift 2 ;;
    --heap-mb) heap_mb="$2"; shift 2 ;;
    --fs) fs="$2"; shift 2 ;;
    --address) address="$2"; shift 2 ;;
    -h|--help) usage ;;
    *) echo "$me: unknown option $1" >&2; usage ;;
  esac
done
if [ "$cmd" = up ] || [ "$cmd" = down ] || [ "$cmd" = run ]; then
  [ "$(id -u)" -eq 0 ] || die "needs root (it creates network namespaces, a bridge and veth links); run it as root"
fi
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

# ------------------------------------------------------------------------------------------
# serve: one process in the foreground of the current network namespace (exec: same PID)
# ------------------------------------------------------------------------------------------
java_opts() { # heap-mb
  echo "-Xmx${1}m ${CLUSTER_JAVA_OPTS:-} -XX:+ExitOnOutOfMemoryError"
}
accumulo() { # heap-mb service args...
  local heap="$1" service="$2"
  shift 2
  # shellcheck disable=SC2046
  exec java $(java_opts "$heap") -Dlog4j2.configurationFile="file:$dir/conf/log4j2-service.properties" \
    -Daccumulo.application="$service" -cp "$dir/conf:$dir/lib/*" \
    org.apache.accumulo.start.Main "$service" "$@"
}
hadoop() { # heap-mb class args...
  local heap="$1" class="$2"
  shift 2
  # shellcheck disable=SC2046
  exec java $(java_opts "$heap") -Dlog4j.configuration="file:$dir/conf/hadoop/log4j.properties" \
    -Dhadoop.log.dir="$dir/logs" -cp "$dir/conf/hadoop:$dir/hadoop:$dir/hadoop/lib/*" "$class" "$@"
}
# docker/: every container of one host shares its network namespace; `--address auto` is that
# namespace's eth0 address, which the other hosts reach
resolve_address() {
  if [ "$address" = auto ]; then
    address="$(ip -4 -o addr show dev eth0 | awk '{print $4}' | cut -d/ -f1 | head -1)"
    [ -n "$address" ] || die "serve: no IPv4 address on eth0"
  fi
}
# docker/: SHAPE_EGRESS_RATE=100mbit caps this host's outgoing traffic (needs NET_ADMIN)
shape_egress() {
  if [ -n "${SHAPE_EGRESS_RATE:-}" ]; then
    tc qdisc replace dev eth0 root tbf rate "$SHAPE_EGRESS_RATE" burst 128kb latency 100ms \
      || die "serve: cannot cap eth0 at $SHAPE_EGRESS_RATE (the container needs NET_ADMIN)"
  fi
}
wait_port() { # host:port seconds
  local host="${1%:*}" port="${1##*:}" t0=$SECONDS
  until timeout 1 bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null; do
    [ $((SECONDS - t0)) -lt "$2" ] || die "serve: $1 did not answer in $2 s"
    sleep 1
  done
}
serve() {
  # a DataNode's directory is named after the address it was given (namespaces share one host
  # name); in docker (auto) each host has its own volume and its address may change
  local dn_dir="$dir/data/datanode-${address:-local}"
  [ "$address" != auto ] || dn_dir="$dir/data/datanode"
  resolve_address
  shape_egress
  local bind=()
  if [ -n "$address" ]; then
    # 2.1.4 binds to rpc.bind.addr and registers rpc.advertise.addr (general.process.bind.addr
    # alone binds 0.0.0.0 and advertises the machine's host name, the same for every host)
    bind=(-o "rpc.bind.addr=$address" -o "rpc.advertise.addr=$address")
  fi
  case "$role" in
    zookeeper)
      # shellcheck disable=SC2046
      exec java $(java_opts 256) \
        -Dlog4j2.configurationFile="file:$dir/conf/log4j2-service.properties" \
        -cp "$dir/conf:$dir/lib/*" org.apache.zookeeper.server.quorum.QuorumPeerMain \
        "$dir/conf/zoo.cfg" ;;
    init)
      # once per cluster: a marker in the control host's data directory says it is done
      [ ! -f "$dir/data/accumulo-initialized" ] || exit 0
      local pw zk volume
      pw="$(sed -n 's/^auth.token=//p' "$dir/conf/accumulo-client.properties")"
      zk="$(sed -n 's/^instance.zookeeper.host=//p' "$dir/conf/accumulo.properties")"
      volume="$(sed -n 's/^instance.volumes=//p' "$dir/conf/accumulo.properties")"
      wait_port "$zk" 120
      if [[ "$volume" == hdfs://* ]]; then
        local nn="${volume#hdfs://}"
        wait_port "${nn%%/*}" 120
      fi
      ( accumulo 256 init --instance-name spgemm --password "$pw" ) \
        && touch "$dir/data/accumulo-initialized" ;;
    manager) accumulo 384 manager "${bind[@]}" ;;
    gc) accumulo 256 gc "${bind[@]}" ;;
    tserver) accumulo "$heap_mb" tserver "${bind[@]}" ;;
    namenode-format)
      hadoop 256 org.apache.hadoop.hdfs.server.namenode.NameNode -format -force -nonInteractive ;;
    namenode)
      if [ ! -d "$dir/data/namenode/current" ]; then
        ( hadoop 256 org.apache.hadoop.hdfs.server.namenode.NameNode -format -force -nonInteractive )
      fi
      hadoop 384 org.apache.hadoop.hdfs.server.namenode.NameNode ;;
    datanode)
      hadoop 256 org.apache.hadoop.hdfs.server.datanode.DataNode \
        -D "dfs.datanode.data.dir=$dn_dir" ;;
    *) die "unknown role $role (zookeeper, init, manager, gc, tserver, namenode-format, namenode, datanode)" ;;
  esac
}
if [ "$cmd" = serve ]; then
  serve
  exit # the roles that return (init) end here
fi

# ------------------------------------------------------------------------------------------
# names and addresses: everything this D creates carries a prefix derived from D
# ------------------------------------------------------------------------------------------
hash="$(printf %s "$dir" | md5sum | cut -c1-6)"
prefix="sg${hash:0:5}"                       # 7 characters: link names stay under 15
octet=$(( (16#${hash:4:2} % 200) + 20 ))
subnet="10.213.$octet"
bridge="${prefix}br"
bridge_ip="$subnet.1"
control_ip="$subnet.10"
ns_control="$prefix-ctl"
pids_file="$dir/run/pids"
env_file="$dir/cluster.env"

client_ip="$subnet.9"
ns_client="$prefix-cl"
tserver_ip() { echo "$subnet.$((10 + $1))"; }
tserver_ns() { echo "$prefix-ts$1"; }

need_root() {
  [ "$(id -u)" -eq 0 ] || die "needs root (it creates network namespaces, a bridge and veth links); run it as root"
  if ! command -v ip >/dev/null || ! command -v tc >/dev/null; then
    echo "$me: installing iproute2 (ip, tc)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iproute2 >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iproute2 >/dev/null; } \
      || die "cannot install iproute2 (ip, tc)"
  fi
  if ! ip netns add "$prefix-probe" 2>/dev/null; then
    die "no network namespace support here (ip netns add failed); a cluster needs it"
  fi
  ip netns del "$prefix-probe"
}

# our processes: a recorded PID still counts only while its command line names D
ours() { # pid
  local cmdline
  cmdline="$( { tr '\0' ' ' < "/proc/$1/cmdline"; } 2>/dev/null)" || return 1
  [[ "$cmdline" == *"$dir/"* || "$cmdline" == *"--dir $dir "* ]]
}

# ------------------------------------------------------------------------------------------
# down
# ------------------------------------------------------------------------------------------
stop_all() {
  local pids=() pid
  if [ -f "$pids_file" ]; then
    while read -r pid _; do
      if ours "$pid"; then pids+=("$pid"); fi
    done < "$pids_file"
  fi
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$prefix-" || true); do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do pids+=("$pid"); done
  done
  if [ ${#pids[@]} -gt 0 ]; then
    mapfile -t pids < <(printf '%s\n' "${pids[@]}" | sort -un)
    kill -TERM "${pids[@]}" 2>/dev/null || true
    for _ in $(seq 1 40); do
      local alive=0
      for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
      [ $alive -eq 0 ] && break
      sleep 0.25
    done
    kill -KILL "${pids[@]}" 2>/dev/null || true
    for pid in "${pids[@]}"; do
      while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
    done
  fi
  rm -f "$pids_file"
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$prefix-" || true); do
    ip netns del "$ns"
  done
  for link in $(ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | cut -d@ -f1 | grep "^$prefix" || true); do
    ip link del "$link" 2>/dev/null || true
  done
  echo ${#pids[@]}
}

down() {
  need_root
  local n
  n="$(stop_all)"
  echo "$me: stopped $n process(es), removed the namespaces and links of $dir"
}

# ------------------------------------------------------------------------------------------
# up
# ------------------------------------------------------------------------------------------
launch() { # ns name command... ; logs/<name>.log; records "pid name ns"
  local ns="$1" name="$2"
  shift 2
  setsid ip netns exec "$ns" "$@" </dev/null >"$dir/logs/$name.log" 2>&1 &
  echo "$! $name $ns" >> "$pids_file"
}

wait_tcp() { # ip port seconds what [log-name]
  local t0=$SECONDS
  until timeout 1 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; do
    [ $((SECONDS - t0)) -lt "$3" ] || fail "$4 did not listen on $1:$2 within $3 s"
    all_alive || fail "$(all_alive_reason)"
    sleep 0.5
  done
}

# every recorded process still running (a dead one fails `up` at once, naming its log); by
# kill -0, since just after the fork a child's command line is still that of this script
all_alive() {
  local pid name ns
  while read -r pid name ns; do kill -0 "$pid" 2>/dev/null || return 1; done < "$pids_file"
}
all_alive_reason() {
  local pid name ns
  while read -r pid name ns; do
    kill -0 "$pid" 2>/dev/null || { echo "$name exited: see logs/$name.log: $(tail -1 "$dir/logs/$name.log")"; return; }
  done < "$pids_file"
}

http_get() { # ip port path
  timeout 3 bash -c "exec 3<>/dev/tcp/$1/$2; printf 'GET $3 HTTP/1.0\r\nHost: $1\r\n\r\n' >&3; cat <&3" 2>/dev/null || true
}

fail() {
  echo "$me: $*" >&2
  echo "$me: logs in $dir/logs; taking down what was started" >&2
  stop_all >/dev/null || true
  exit 1
}

net_up() {
  ip link add "$bridge" type bridge
  ip addr add "$bridge_ip/24" dev "$bridge"
  ip link set "$bridge" up
  host_up "$ns_control" "${prefix}hc" "$control_ip" ""
  host_up "$ns_client" "${prefix}hx" "$client_ip" "$bandwidth"
  for i in $(seq 1 "$tservers"); do
    host_up "$(tserver_ns "$i")" "${prefix}h$i" "$(tserver_ip "$i")" "$bandwidth"
  done
}

host_up() { # ns bridge-port ip rate
  local ns="$1" port="$2" ip="$3" rate="$4" peer="${2}n"
  ip netns add "$ns"
  ip link add "$port" type veth peer name "$peer"
  ip link set "$peer" netns "$ns"
  ip -n "$ns" link set "$peer" name eth0
  ip -n "$ns" addr add "$ip/24" dev eth0
  ip -n "$ns" link set lo up
  ip -n "$ns" link set eth0 up
  ip link set "$port" master "$bridge" up
  if [ -n "$rate" ]; then
    # both directions: the bridge port (towards the host) and the host's own end (from it)
    tc qdisc add dev "$port" root tbf rate "$rate" burst 128kb latency 100ms
    ip netns exec "$ns" tc qdisc add dev eth0 root tbf rate "$rate" burst 128kb latency 100ms
  fi
}

up() {
  [ -n "$tservers" ] || die "up needs --tservers K"
  [[ "$tservers" =~ ^[1-8]$ ]] || die "--tservers must be 1 to 8, got $tservers"
  [[ "$heap_mb" =~ ^[0-9]+$ ]] && [ "$heap_mb" -ge 256 ] || die "--heap-mb must be at least 256"
  case "$fs" in local|hdfs) ;; *) die "--fs is local or hdfs, not $fs" ;; esac
  if [ -n "$bandwidth" ] && ! [[ "$bandwidth" =~ ^[0-9]+(\.[0-9]+)?([kmgt]?bit|[kmgt]?bps)$ ]]; then
    die "--bandwidth takes a tc rate such as 100mbit or 1gbit, got $bandwidth"
  fi
  need_root
  command -v java >/dev/null || die "needs java (17) on the PATH"
  local t0=$SECONDS left
  left="$(stop_all)"
  [ "$left" -eq 0 ] || echo "$me: cleaned up $left process(es) left by an earlier cluster in $dir"
  if ip -4 -o addr show | grep -q " $subnet\."; then
    die "subnet $subnet.0/24 is in use on this machine; choose another --dir"
  fi
  rm -rf "$dir/data" "$dir/logs" "$dir/run"
  mkdir -p "$dir/run" "$dir/logs"
  "$root/cluster/install.sh" --dir "$dir" --control "$control_ip" --fs "$fs" \
    --heap-mb "$heap_mb" >/dev/null
  trap 'fail "interrupted"' INT TERM
  net_up
  local ips=""
  for i in $(seq 1 "$tservers"); do ips="$ips $(tserver_ip "$i")"; done
  cat > "$env_file" <<EOF
# written by bin/cluster up; read by bin/spgemm bench and the tests
CLUSTER_DIR=$dir
CLUSTER_TSERVERS=$tservers
CLUSTER_BANDWIDTH=${bandwidth:-none}
CLUSTER_FS=$fs
CLUSTER_HEAP_MB=$heap_mb
CLUSTER_PREFIX=$prefix
CLUSTER_BRIDGE=$bridge
CLUSTER_BRIDGE_IP=$bridge_ip
CLUSTER_CONTROL_IP=$control_ip
CLUSTER_TSERVER_IPS="${ips# }"
CLUSTER_CLIENT_PROPS=$dir/conf/accumulo-client.properties
CLUSTER_CLIENT_NS=$ns_client
CLUSTER_CLIENT_IP=$client_ip
EOF
  : > "$pids_file"

  if [ "$fs" = hdfs ]; then
    ip netns exec "$ns_control" "$self" serve namenode-format --dir "$dir" \
      </dev/null >"$dir/logs/namenode-format.log" 2>&1 || fail "NameNode format failed"
    launch "$ns_control" control-namenode "$self" serve namenode --dir "$dir" --address "$control_ip"
    for i in $(seq 1 "$tservers"); do
      launch "$(tserver_ns "$i")" "tserver$i-datanode" "$self" serve datanode --dir "$dir" \
        --address "$(tserver_ip "$i")"
    done
    wait_tcp "$control_ip" 8020 120 "the NameNode"
    local live=0 t1=$SECONDS
    while [ "$live" -lt "$tservers" ]; do
      [ $((SECONDS - t1)) -lt 120 ] || fail "only $live of $tservers DataNodes joined HDFS in 120 s"
      all_alive || fail "$(all_alive_reason)"
      sleep 1
      live="$(http_get "$control_ip" 9870 '/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState' \
        | sed -n 's/.*"NumLiveDataNodes" *: *\([0-9]*\).*/\1/p' | head -1)"
      live="${live:-0}"
    done
  fi

  launch "$ns_control" control-zookeeper "$self" serve zookeeper --dir "$dir" --address "$control_ip"
  wait_tcp "$control_ip" 2181 60 "ZooKeeper"
  ip netns exec "$ns_control" "$self" serve init --dir "$dir" </dev/null \
    >"$dir/logs/control-init.log" 2>&1 || fail "accumulo init failed (logs/control-init.log)"
  launch "$ns_control" control-manager "$self" serve manager --dir "$dir" --address "$control_ip"
  launch "$ns_control" control-gc "$self" serve gc --dir "$dir" --address "$control_ip"
  for i in $(seq 1 "$tservers"); do
    launch "$(tserver_ns "$i")" "tserver$i-tserver" "$self" serve tserver --dir "$dir" \
      --address "$(tserver_ip "$i")" --heap-mb "$heap_mb"
  done
  local check
  check="$(java -cp "$dir/lib/*" "$root/cluster/ClusterCheck.java" \
    "$dir/conf/accumulo-client.properties" "$tservers" 240 2>"$dir/logs/cluster-check.log")" \
    || fail "the cluster did not answer in 240 s ($(tail -1 "$dir/logs/cluster-check.log"))"
  echo "$check" | sed "s|^|$me: |"
  trap - INT TERM
  echo "$me: up in $((SECONDS - t0)) s: $tservers tablet server(s), fs $fs, bandwidth ${bandwidth:-not limited}"
  echo "$me: control host $control_ip (ZooKeeper :2181, manager, gc$([ "$fs" = hdfs ] && echo ", NameNode :8020")), tablet-server hosts ${ips# }, bridge $bridge $bridge_ip/24"
  echo "$me: client host $client_ip (link ${bandwidth:-not limited}): bin/cluster run --dir $dir -- COMMAND"
  echo "$me: logs $dir/logs, PIDs $pids_file"
  echo "client properties: $dir/conf/accumulo-client.properties"
}

# ------------------------------------------------------------------------------------------
# run: a command on the client host, with this shell's environment and working directory
# ------------------------------------------------------------------------------------------
run() {
  [ ${#command[@]} -gt 0 ] || die "run needs -- COMMAND"
  [ -f "$env_file" ] || die "no cluster in $dir (bin/cluster up first)"
  # shellcheck disable=SC1090
  . "$env_file"
  [ -n "${CLUSTER_CLIENT_NS:-}" ] && ip netns list | grep -q "^$CLUSTER_CLIENT_NS\b" \
    || die "the cluster in $dir has no client host (started by an older bin/cluster? up again)"
  exec ip netns exec "$CLUSTER_CLIENT_NS" "${command[@]}"
}

# ------------------------------------------------------------------------------------------
# status
# ------------------------------------------------------------------------------------------
status() {
  if [ ! -f "$env_file" ] || [ ! -f "$pids_file" ]; then
    echo "$me: no cluster in $dir"
    exit 3
  fi
  # shellcheck disable=SC1090
  . "$env_file"
  echo "cluster $dir: $CLUSTER_TSERVERS tablet server(s), fs $CLUSTER_FS, bandwidth $CLUSTER_BANDWIDTH"
  echo "control host $CLUSTER_CONTROL_IP, tablet-server hosts $CLUSTER_TSERVER_IPS, client host ${CLUSTER_CLIENT_IP:-none}, bridge $CLUSTER_BRIDGE_IP"
  local down=0 pid name ns
  while read -r pid name ns; do
    if ours "$pid"; then
      printf '  %-22s pid %-8s %-12s up, RSS %s MB\n' "$name" "$pid" "$ns" \
        "$(( $(awk '/VmRSS/{print $2}' "/proc/$pid/status") / 1024 ))"
    else
      printf '  %-22s pid %-8s %-12s DOWN\n' "$name" "$pid" "$ns"
      down=$((down + 1))
    fi
  done < "$pids_file"
  echo "client properties: $CLUSTER_CLIENT_PROPS"
  [ "$down" -eq 0 ] || exit 1
}

case "$cmd" in
  up) up ;;
  down) down ;;
  status) status ;;
  run) run ;;
  *) usage ;;
esac
