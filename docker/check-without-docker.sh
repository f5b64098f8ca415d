#!/usr/bin/env bash
# docker/check-without-docker.sh (root): runs the docker/ layout where there is no Docker engine.
# One network namespace per compose "host" (control, tserver1, tserver2), host names resolved
# as compose's DNS would (/etc/netns/<ns>/hosts), one copy of the image's /opt/accumulo per host
# (written by cluster/install.sh --control control --fs hdfs, as the Dockerfile does), and the
# commands docker-compose.yml gives each container: cluster.sh serve ROLE --dir ... --address
# auto, SHAPE_EGRESS_RATE on the tablet-server hosts. Checks: init waits for ZooKeeper and the
# NameNode and runs once, the NameNode formats itself, tablet servers register with their eth0
# address, a client on the control host reaches the cluster by name, the egress cap holds.
# Cleans up everything it made. Run it under the cluster lock: flock /tmp/cluster.lock ...
set -uo pipefail
R="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"; B="$R/target/docker-check"; P=dksim; NET=10.213.251
pids=()
cleanup() {
  for ns in $P-control $P-tserver1 $P-tserver2; do
    for pid in $(ip netns pids $ns 2>/dev/null); do kill -KILL $pid 2>/dev/null; done
  done
  sleep 1
  for ns in $P-control $P-tserver1 $P-tserver2; do ip netns del $ns 2>/dev/null; rm -rf /etc/netns/$ns; done
  ip link del ${P}br 2>/dev/null
  rmdir /etc/netns 2>/dev/null
}
cleanup
rm -rf $B; mkdir -p $B
"$R/cluster/install.sh" --dir $B/image --control control --fs hdfs --heap-mb 512 --password spgemm-docker >/dev/null || exit 1
ip link add ${P}br type bridge; ip addr add $NET.1/24 dev ${P}br; ip link set ${P}br up
i=10
for h in control tserver1 tserver2; do
  ns=$P-$h
  ip netns add $ns; ip link add ${P}$i type veth peer name ${P}$i-n; ip link set ${P}$i-n netns $ns
  ip -n $ns link set ${P}$i-n name eth0; ip -n $ns addr add $NET.$i/24 dev eth0
  ip -n $ns link set lo up; ip -n $ns link set eth0 up; ip link set ${P}$i master ${P}br up
  mkdir -p /etc/netns/$ns
  printf '127.0.0.1 localhost\n%s.10 control\n%s.11 tserver1\n%s.12 tserver2\n' $NET $NET $NET > /etc/netns/$ns/hosts
  echo "$NET.$i $(hostname)" >> /etc/netns/$ns/hosts   # a container resolves its own host name
  cp -a $B/image $B/$h     # each container has the image's /opt/accumulo
  i=$((i+1))
done
run() { # host name env... -- role args
  local h=$1 name=$2; shift 2
  ip netns exec $P-$h env "$@" </dev/null >$B/$name.log 2>&1 &
  pids+=($!)
}
S=$R/cluster/cluster.sh
run control zookeeper $S serve zookeeper --dir $B/control
run control namenode $S serve namenode --dir $B/control
run tserver1 dn1 SHAPE_EGRESS_RATE=100mbit $S serve datanode --dir $B/tserver1 --address auto
run tserver2 dn2 SHAPE_EGRESS_RATE=100mbit $S serve datanode --dir $B/tserver2 --address auto
t0=$SECONDS
ip netns exec $P-control $S serve init --dir $B/control > $B/init.log 2>&1; echo "init exit $? after $((SECONDS-t0)) s"
ip netns exec $P-control $S serve init --dir $B/control > $B/init2.log 2>&1; echo "second init exit $? ($(wc -l < $B/init2.log) log lines)"
run control manager $S serve manager --dir $B/control --address auto
run control gc $S serve gc --dir $B/control --address auto
run tserver1 ts1 $S serve tserver --dir $B/tserver1 --address auto
run tserver2 ts2 $S serve tserver --dir $B/tserver2 --address auto
ip netns exec $P-control java -cp "$B/control/lib/*" $R/cluster/ClusterCheck.java $B/control/conf/accumulo-client.properties 2 180; echo "check exit $?"
echo "tc on tserver1 eth0: $(ip netns exec $P-tserver1 tc qdisc show dev eth0)"
if command -v iperf3 >/dev/null; then # apt-get install iperf3
  ip netns exec $P-control timeout 40 iperf3 -s -1 >/dev/null 2>&1 &
  sleep 1; ip netns exec $P-tserver1 timeout 30 iperf3 -c control -t 5 -f m | tail -3
fi
grep -h "NameNode\|format" $B/namenode.log | grep -i "format\|successfully" | head -3
ls $B/control/data
cleanup
echo "left: $(ip netns list | grep -c $P) namespaces, $(pgrep -f "$B" | wc -l) processes"
