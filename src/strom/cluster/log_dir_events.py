"""Offline replicas: how the controller learns that a broker lost a log directory.

Kafka (ZooKeeper mode) has the broker write a persistent sequential znode
``/log_dir_event_notification/log_dir_event_<n>`` holding only its broker id; the controller
then sends that broker a LeaderAndIsr for all its partitions and reads the offline ones from the
KAFKA_STORAGE_ERROR codes of the response. Strom's controller channel delivers requests without
handing their responses back to the controller, so we keep Kafka's znode path but put the
partitions in the znode itself, and make it *ephemeral*:

    /log_dir_event_notification/log_dir_event_0000000007   (ephemeral, sequential)
        {"version": 1, "broker": 2, "broker_epoch": 4294967312, "event": 1,
         "offline_replicas": [["orders", 0], ["orders", 3]]}

- The znode lives exactly as long as the broker incarnation whose directory failed: its
  ZooKeeper session ends with the process, the znode goes with it, and the restarted broker
  (which recovered the directory) is an ordinary replica again. Nothing needs cleaning up.
- Any controller, including one elected later, rebuilds the whole offline-replica map by reading
  the children (:func:`read_offline_replicas`); an event whose broker epoch is not the broker's
  current registration is ignored.
- On a change (``BrokerEventHandler.on_offline_replicas`` in :mod:`strom.cluster.controller_events`)
  the controller moves leadership of every partition led
  by an offline replica to another live in-sync replica (or to none, keeping the ISR, as an
  offline election does; unclean only when the topic allows it) and removes offline followers from
  ISRs, then publishes LeaderAndIsr/UpdateMetadata. While a replica is offline the controller
  never elects it (broker changes, preferred election) and never lets it back into an ISR
  (AlterPartition answers INELIGIBLE_REPLICA).

Thread-safety: :func:`report` runs on a worker thread of the broker (blocking ZooKeeper call);
:func:`read_offline_replicas` runs on the controller's event thread like every controller handler.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from kazoo.exceptions import NoNodeError

from strom.cluster.controller_requests import TP
from strom.cluster.zk_store import BrokerEndpoint, dumps

log = logging.getLogger("strom.cluster.controller")

LOG_DIR_EVENT_NOTIFICATION = "/log_dir_event_notification"
EVENT_PREFIX = "log_dir_event_"
LOG_DIR_FAILURE_EVENT = 1


def report(zk: Any, broker_id: int, broker_epoch: int, tps: list[TP]) -> str:
    """Broker side: announce ``tps`` offline on this broker; returns the znode path."""
    zk.ensure_path(LOG_DIR_EVENT_NOTIFICATION)
    body = dumps({"version": 1, "broker": broker_id, "broker_epoch": broker_epoch,
                  "event": LOG_DIR_FAILURE_EVENT,
                  "offline_replicas": [[t, p] for t, p in sorted(tps)]})  # fmt: skip
    path: str = zk.create(f"{LOG_DIR_EVENT_NOTIFICATION}/{EVENT_PREFIX}", body, ephemeral=True,
                          sequence=True)  # fmt: skip
    return path


def read_offline_replicas(zk: Any, brokers: dict[int, BrokerEndpoint]) -> dict[TP, set[int]]:
    """Partition -> the live brokers whose replica of it is offline."""
    out: dict[TP, set[int]] = {}
    try:
        children = zk.get_children(LOG_DIR_EVENT_NOTIFICATION)
    except NoNodeError:
        return out
    for child in children:
        try:
            data, _ = zk.get(f"{LOG_DIR_EVENT_NOTIFICATION}/{child}")
            d = json.loads(data)
            broker, epoch = int(d["broker"]), int(d["broker_epoch"])
            tps = [(str(t), int(p)) for t, p in d["offline_replicas"]]
        except NoNodeError:
            continue
        except (ValueError, KeyError, TypeError):
            log.warning("ignoring malformed log dir event %s", child)
            continue
        endpoint = brokers.get(broker)
        if endpoint is None or (endpoint.epoch >= 0 and endpoint.epoch != epoch):
            continue  # from an earlier incarnation of the broker
        for tp in tps:
            out.setdefault(tp, set()).add(broker)
    return out
