#!/usr/bin/env bash
# cluster/install.sh: lays out an Accumulo install directory the way an operator would, for
# bin/cluster (network namespaces on one machine) and docker/ (one container per host) alike.
#
#   cluster/install.sh --dir D --control HOST [--fs local|hdfs] [--heap-mb N] [--password PW]
#
#   D/lib/          Accumulo's jars (Maven: cluster/deps/accumulo/pom.xml), plus
#                   spgemm-iterators-<version>.jar copied in as docs/deploy.md step 1 says,
#                   plus spgemm-bench-<version>.jar when it is built (BL, bin/spgemm bench only)
#   D/hadoop/lib/   Hadoop's HDFS daemons (cluster/deps/hadoop/pom.xml), with --fs hdfs only
#   D/conf/         accumulo.properties, accumulo-client.properties, core-site.xml,
#                   hdfs-site.xml, log4j2-service.properties, zoo.cfg, hadoop/ (NameNode/DataNode)
#   D/logs/ D/data/ one log file per process; ZooKeeper, WAL and table files (local fs), HDFS
#
# HOST is the control host's address (ZooKeeper, manager, gc, NameNode): an IP in the namespace
# layout, a host name in docker. Writing the site configuration happens here and only here.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

dir="" control="" fs="local" heap_mb=768 password=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift 2 ;;
    --control) control="$2"; shift 2 ;;
    --fs) fs="$2"; shift 2 ;;
    --heap-mb) heap_mb="$2"; shift 2 ;;
    --password) password="$2"; shift 2 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -z "$dir" ] || [ -z "$control" ]; then
  echo "usage: cluster/install.sh --dir D --control HOST [--fs local|hdfs] [--heap-mb N]" >&2
  exit 2
fi
case "$fs" in local|hdfs) ;; *) echo "install.sh: --fs is local or hdfs, not $fs" >&2; exit 2 ;; esac
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
mkdir -p "$dir/lib" "$dir/conf/hadoop" "$dir/logs" "$dir/data"

# --- jars ---------------------------------------------------------------------------------
# Resolved by Maven at the versions the project builds against; copied again only when the pom
# changed (a stamp file records which pom the copy came from).
copy_deps() { # pom outdir
  local pom="$1" out="$2" stamp="$2/.from-pom"
  if [ -f "$stamp" ] && cmp -s "$pom" "$stamp"; then
    return
  fi
  rm -rf "$out"
  mkdir -p "$out"
  (cd "$root" && mvn -B -q -f "$pom" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$out") >&2
  cp "$pom" "$stamp"
}
copy_deps "$root/cluster/deps/accumulo/pom.xml" "$dir/lib"
if [ "$fs" = hdfs ]; then
  copy_deps "$root/cluster/deps/hadoop/pom.xml" "$dir/hadoop/lib"
  # the daemons' HTTP servers (JMX at /jmx) look for webapps/<name> on the classpath; Hadoop's
  # tarball ships them as directories, the Maven jars do not: empty ones are enough
  mkdir -p "$dir/hadoop/webapps/hdfs" "$dir/hadoop/webapps/datanode" "$dir/hadoop/webapps/static"
fi

project_jar() { # module -> its main jar, or nothing
  ls "$root/$1/target/$1"-*.jar 2>/dev/null | grep -v -e '-tests\.jar$' -e '-sources\.jar$' \
    | head -1 || true
}
iterators="$(project_jar spgemm-iterators)"
if [ -z "$iterators" ] || [ -n "$(find "$root/spgemm-iterators/src/main" -newer "$iterators" \
  -print -quit 2>/dev/null)" ]; then
  # missing, or older than its sources (the tablet servers would run code that is not checked out)
  echo "install.sh: building spgemm-iterators (mvn -B -DskipTests package)" >&2
  (cd "$root" && mvn -B -q -DskipTests package -pl spgemm-iterators) >&2
  iterators="$(project_jar spgemm-iterators)"
  touch "$iterators" # Maven leaves an unchanged jar as it was: mark it as built now
fi
rm -f "$dir"/lib/spgemm-*.jar
# docs/deploy.md ("Deploying the iterator to a real cluster"), step 1: the jar goes into lib/ as it is
cp "$iterators" "$dir/lib/"
bench="$(ls "$root"/bench/target/spgemm-bench-*.jar 2>/dev/null | grep -v -e '-tests\.jar$' | head -1 || true)"
if [ -n "$bench" ]; then
  # BL's iterators (bench/bl) for `bin/spgemm bench --client-props`; not part of a deployment
  cp "$bench" "$dir/lib/"
fi

# --- configuration ------------------------------------------------------------------------
if [ -z "$password" ]; then
  if [ -f "$dir/conf/accumulo-client.properties" ]; then
    password="$(sed -n 's/^auth.token=//p' "$dir/conf/accumulo-client.properties")"
  fi
  [ -n "$password" ] || password="$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
fi
secret="$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
if [ "$fs" = hdfs ]; then
  volume="hdfs://$control:8020/accumulo"
else
  volume="file://$dir/data/accumulo"
fi
maps_mb=$((heap_mb / 6))
data_cache_mb=$((heap_mb / 12))
index_cache_mb=$((heap_mb / 24))

cat > "$dir/conf/accumulo.properties" <<EOF
## Written by cluster/install.sh (the one place this file is generated).
instance.volumes=$volume
instance.zookeeper.host=$control:2181
instance.zookeeper.timeout=15s
instance.secret=$secret
## docs/deploy.md ("Deploying the iterator to a real cluster"), step 2: nested scans get their own executor
tserver.scan.executors.nested.threads=4
## small heaps on one machine: tserver -Xmx${heap_mb}m
tserver.memory.maps.native.enabled=false
tserver.memory.maps.max=${maps_mb}M
tserver.cache.data.size=${data_cache_mb}M
tserver.cache.index.size=${index_cache_mb}M
tserver.cache.summary.size=8M
tserver.wal.max.size=256M
gc.cycle.delay=1m
EOF

cat > "$dir/conf/accumulo-client.properties" <<EOF
## Client properties of this cluster (bin/spgemm --client-props, Accumulo.newClient().from(...))
instance.name=spgemm
instance.zookeepers=$control:2181
auth.type=password
auth.principal=root
auth.token=$password
EOF
chmod 600 "$dir/conf/accumulo-client.properties"

if [ "$fs" = hdfs ]; then
  fs_props="  <property><name>fs.defaultFS</name><value>hdfs://$control:8020</value></property>"
else
  # WAL recovery of a killed tablet server fails on the checksummed local file system
  # (ACCUMULO-NOTES): use the raw one, as Accumulo's own ITs do
  fs_props="  <property><name>fs.file.impl</name><value>org.apache.hadoop.fs.RawLocalFileSystem</value></property>"
fi
cat > "$dir/conf/core-site.xml" <<EOF
<?xml version="1.0"?>
<!-- Hadoop client settings of the Accumulo processes (on their classpath); cluster/install.sh -->
<configuration>
$fs_props
</configuration>
EOF
hdfs_site() { # extra properties
  cat <<EOF
<?xml version="1.0"?>
<!-- cluster/install.sh -->
<configuration>
  <property><name>dfs.replication</name><value>1</value></property>
  <property><name>dfs.permissions.enabled</name><value>false</value></property>
$1
</configuration>
EOF
}
hdfs_site "" > "$dir/conf/hdfs-site.xml"
cat > "$dir/conf/hadoop/core-site.xml" <<EOF
<?xml version="1.0"?>
<!-- the HDFS daemons' core-site.xml; cluster/install.sh -->
<configuration>
  <property><name>fs.defaultFS</name><value>hdfs://$control:8020</value></property>
  <property><name>hadoop.tmp.dir</name><value>$dir/data/hadoop-tmp</value></property>
</configuration>
EOF
hdfs_site "  <property><name>dfs.namenode.name.dir</name><value>$dir/data/namenode</value></property>
  <property><name>dfs.namenode.rpc-bind-host</name><value>0.0.0.0</value></property>
  <property><name>dfs.namenode.http-address</name><value>$control:9870</value></property>
  <property><name>dfs.namenode.http-bind-host</name><value>0.0.0.0</value></property>
  <property><name>dfs.namenode.datanode.registration.ip-hostname-check</name><value>false</value></property>
  <property><name>dfs.namenode.safemode.extension</name><value>0</value></property>
  <property><name>dfs.namenode.safemode.min.datanodes</name><value>0</value></property>
  <property><name>dfs.heartbeat.interval</name><value>1</value></property>
  <!-- a writer's first replica goes to its own DataNode even when that one is busier than the
       others (Hadoop 3.3's load check sent 70 % of the tablet servers' blocks elsewhere) -->
  <property><name>dfs.namenode.redundancy.considerLoad</name><value>false</value></property>
  <property><name>dfs.datanode.data.dir</name><value>$dir/data/datanode</value></property>" \
  > "$dir/conf/hadoop/hdfs-site.xml"
cat > "$dir/conf/hadoop/log4j.properties" <<'EOF'
log4j.rootLogger=INFO,console
log4j.appender.console=org.apache.log4j.ConsoleAppender
log4j.appender.console.layout=org.apache.log4j.PatternLayout
log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n
EOF

cat > "$dir/conf/log4j2-service.properties" <<'EOF'
# every process logs to its stdout, which bin/cluster sends to logs/<host>-<service>.log
status = warn
appender.console.type = Console
appender.console.name = console
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{ISO8601} [%t] %-5p %c{2}: %m%n
rootLogger.level = info
rootLogger.appenderRef.console.ref = console
logger.zookeeper.name = org.apache.zookeeper
logger.zookeeper.level = warn
logger.hadoop.name = org.apache.hadoop
logger.hadoop.level = warn
EOF

cat > "$dir/conf/zoo.cfg" <<EOF
# ZooKeeper of the control host; cluster/install.sh
tickTime=2000
dataDir=$dir/data/zookeeper
clientPort=2181
maxClientCnxns=0
admin.enableServer=false
4lw.commands.whitelist=ruok,stat,srvr
EOF

echo "$dir"
