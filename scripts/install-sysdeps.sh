#!/usr/bin/env bash
# Installs the Debian packages the test suite needs, when they are missing.
set -euo pipefail
need=()
command -v kcat >/dev/null 2>&1 || need+=(kcat)
# Prometheus server and promtool: the metrics tests run one against a cluster (~100 MB)
command -v prometheus >/dev/null 2>&1 || need+=(prometheus)
[ -x /usr/share/zookeeper/bin/zkServer.sh ] || [ -d /usr/share/zookeeper ] || need+=(zookeeper)
# the console's browser tests drive Debian's chromium through Playwright (no browser download)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
# the chaos harness's clock nemesis (scenario F14) starts brokers under libfaketime
compgen -G "/usr/lib/*/faketime/libfaketime.so.1" >/dev/null || need+=(libfaketime)
# PySpark 4 (the spark extra) needs Java 17 or later, and the Java client test compiles its
# program with javac: a headless JDK 17 where Debian has one.
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }
if ! command -v java >/dev/null 2>&1 || ! command -v javac >/dev/null 2>&1 \
    || [ "$(java_major)" -lt 17 ] 2>/dev/null; then
  need+=(JAVA)
fi
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
for i in "${!need[@]}"; do
  if [ "${need[$i]}" = JAVA ]; then
    if apt-cache show openjdk-17-jdk-headless >/dev/null 2>&1; then
      need[$i]=openjdk-17-jdk-headless
    else
      need[$i]=default-jdk-headless
    fi
  fi
done
echo "installing system packages: ${need[*]}"
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
