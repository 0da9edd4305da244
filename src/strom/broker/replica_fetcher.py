"""Followers: fetching from partition leaders, truncating by leader epoch first.

Owns: ``num.replica.fetchers`` fetcher tasks per leader broker (Kafka's fetcher threads), each
holding the partitions this broker follows on that leader whose fetcher id
(:func:`fetcher_id`, a hash of topic and partition, as Kafka's) is its own; fetcher 0 uses the
shared inter-broker connection, the others one each. :meth:`ReplicaFetcherManager.resize`
(dynamic ``num.replica.fetchers``, Kafka's ``resizeThreadPool``) re-spreads every partition over
the new fetchers keeping its fetch state (a position is the follower's log end offset: nothing
is re-fetched or skipped) and stops the fetchers left without partitions.

A partition added to a fetcher (on becoming follower) is first truncated by leader epoch
(KIP-101 / KIP-279): the follower sends OffsetForLeaderEpoch with its latest epoch, the leader
answers the end offset of that epoch (or of the largest epoch it knows below it), and the
follower truncates to the smaller of that end offset and its own end offset for the returned
epoch. Then it fetches (Fetch v12 with its replica id) from its log end offset, appends what it
gets with the leader's offsets, and sets its high watermark to min(leader's, its log end).

Fetch sessions (KIP-227): the fetcher keeps one incremental fetch session with its leader
(:class:`strom.client.fetch_session.FetchSession`, the client's own session bookkeeping): in
steady state a request names only the partitions whose fetch offset moved and the partitions it
stopped fetching, and the answer only the partitions with something new; any session error or
failed request makes the next request a full one.

Healing: before each fetch, a follower whose log has a corrupt range
(:mod:`strom.storage.corruption`: found at load, by the scrubber or by a read) truncates to the
range's first offset, which is the end of the last valid batch before it, and so re-fetches
everything after it from the leader; the rebuilt log is byte-identical to the leader's (the
leader's batches are appended as they are).

Invariants: a follower never truncates by its own high watermark (the lost-record scenario of
the replication notes cannot happen); it appends only whole batches and only at its log end
offset; a partition whose leader answers FENCED_LEADER_EPOCH / NOT_LEADER_OR_FOLLOWER waits for
the controller's next LeaderAndIsr.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strom.client.errors import KafkaConnectionError, KafkaTimeoutError
from strom.client.fetch_session import FetchSession, SessionPartition
from strom.client.types import TopicPartition
from strom.errors import ErrorCode, KafkaError
from strom.protocol import records as rec
from strom.protocol.codec import ZERO_UUID
from strom.protocol.messages.fetch import FetchRequest, FetchResponse
from strom.protocol.messages.offset_for_leader_epoch import (
    OffsetForLeaderEpochRequest,
    OffsetForLeaderEpochResponse,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from strom.broker.config import BrokerConfig
    from strom.broker.inter_broker import InterBrokerPool
    from strom.broker.replica_manager import Partition, ReplicaManager
    from strom.cluster.metadata import MetadataStore

log = logging.getLogger("strom.broker.replica_fetcher")
TP = tuple[str, int]
FETCH_VERSION = 15  # v15: ReplicaState carries this broker's epoch (KIP-903), topics by id
OFFSET_FOR_EPOCH_VERSION = 4
E = ErrorCode


@dataclass
class FetchState:
    truncate: bool = True
    delayed_until: float = 0.0
    leader_high_watermark: int = -1  # at the last fetch (the follower lag metric)


@dataclass(frozen=True)
class FetcherContext:
    """What a follower's fetchers may touch (the same for every fetcher of a broker)."""

    broker_id: int
    config: BrokerConfig  # replica.fetch.* and num.replica.fetchers
    replica_manager: ReplicaManager  # the partitions followed, and acks=all wake-ups
    metadata: MetadataStore  # topic ids for Fetch v13+
    inter_broker: InterBrokerPool  # the connections to the leaders
    broker_epoch: Callable[[], int]  # this broker's registration epoch (KIP-903)


def fetcher_id(tp: TP, num_fetchers: int) -> int:
    """The fetcher of ``tp`` among ``num_fetchers`` per leader (Kafka: a hash of the topic and
    the partition, modulo the count)."""
    return (31 * zlib.crc32(tp[0].encode()) + tp[1]) % max(1, num_fetchers)


class ReplicaFetcher:
    def __init__(
        self, context: FetcherContext, leader_id: int, host: str, port: int, fetcher: int = 0
    ) -> None:
        self.context = context
        self.leader_id = leader_id
        self.fetcher = fetcher  # its id among the leader's fetchers; its inter-broker channel
        self.host, self.port = host, port
        self.parts: dict[TP, FetchState] = {}
        self._wake = asyncio.Event()
        self.session = FetchSession(leader_id)  # KIP-227 with the leader (strom.client's)
        self._sent_ids: dict[str, uuid.UUID] = {}  # topic ids the session was told
        self.stopped = False
        self.task = asyncio.create_task(self._run())

    def stop(self) -> None:
        """End the fetch loop. The flag, not only the cancellation, ends it: a cancellation that
        meets a request failing at the same moment can surface as that failure (Python 3.11's
        ``wait_for``), which the loop would otherwise retry forever."""
        self.stopped = True
        self.parts.clear()
        self._wake.set()
        self.task.cancel()

    def add(self, tp: TP, state: FetchState | None = None) -> None:
        self.parts[tp] = state if state is not None else FetchState()
        self._wake.set()

    def _partition(self, tp: TP) -> Partition | None:
        p = self.context.replica_manager.get(*tp)
        if p is None or p.offline or p.is_leader or p.leader != self.leader_id:
            self.parts.pop(tp, None)
            return None
        return p

    async def _run(self) -> None:
        cfg = self.context.config
        backoff = cfg.replica_fetch_backoff_ms / 1000
        while not self.stopped:
            if not self.parts:
                self._wake.clear()
                await self._wake.wait()
                continue
            try:
                await self._truncate_pending()
                await self._fetch_once()
            except (KafkaConnectionError, KafkaTimeoutError, OSError) as exc:
                log.debug("fetch from broker %d failed: %r", self.leader_id, exc)
                self.context.inter_broker.drop(self.host, self.port, self.fetcher)
                await asyncio.sleep(backoff)
            except Exception:
                # an unexpected error must not end the loop silently: its partitions would stay
                # out of the ISR until the next LeaderAndIsr (chaos finding C1)
                log.exception("fetch from broker %d failed unexpectedly", self.leader_id)
                self.session.handle_error()  # the next request is a full one
                self.context.inter_broker.drop(self.host, self.port, self.fetcher)
                await asyncio.sleep(backoff)

    async def _truncate_pending(self) -> None:
        R = OffsetForLeaderEpochRequest
        todo: dict[TP, Partition] = {}
        for tp, st in list(self.parts.items()):
            p = self._partition(tp)
            if p is not None and st.truncate:
                todo[tp] = p
        if not todo:
            return
        by_topic: dict[str, list[OffsetForLeaderEpochRequest.OffsetForLeaderPartition]] = {}
        no_epoch: list[TP] = []
        for (t, i), p in todo.items():
            epoch = p.log.latest_epoch
            if epoch is None:
                no_epoch.append((t, i))
                continue
            by_topic.setdefault(t, []).append(
                R.OffsetForLeaderPartition(partition=i, current_leader_epoch=p.leader_epoch,
                                           leader_epoch=epoch)
            )  # fmt: skip
        for tp in no_epoch:
            p = todo[tp]
            if p.log.log_end_offset > p.log.high_watermark:
                p.log.truncate_to(p.log.high_watermark)  # no epochs: the pre-KIP-101 fallback
            self.parts[tp].truncate = False
        if not by_topic:
            return
        topics = [R.OffsetForLeaderTopic(topic=t, partitions=ps) for t, ps in by_topic.items()]
        req = R(replica_id=self.context.broker_id, topics=topics)
        resp = await self.context.inter_broker.request(
            self.host, self.port, req, OffsetForLeaderEpochResponse, OFFSET_FOR_EPOCH_VERSION
        )
        for res in resp.topics:
            for r in res.partitions:
                tp = (res.topic, r.partition)
                p = todo.get(tp)
                fs = self.parts.get(tp)
                if p is None or fs is None:
                    continue
                if r.error_code != E.NONE:
                    self._on_error(tp, ErrorCode(r.error_code))
                    continue
                self._truncate(p, r.leader_epoch, r.end_offset)
                fs.truncate = False

    def _truncate(self, p: Partition, leader_epoch: int, end_offset: int) -> None:
        lg = p.log
        if leader_epoch < 0 or end_offset < 0:
            target = lg.high_watermark
        else:
            mine_epoch, mine_end = lg.end_offset_for_epoch(leader_epoch)
            target = end_offset if mine_epoch != leader_epoch else min(end_offset, mine_end)
        target = min(target, lg.log_end_offset)
        if target < lg.log_end_offset:
            log.info(
                "truncating %s-%d from %d to %d (leader %d answered epoch %d end offset %d)",
                p.topic, p.index, lg.log_end_offset, target, self.leader_id, leader_epoch,
                end_offset,
            )  # fmt: skip
            if target < lg.log_start_offset:
                lg.truncate_fully_and_start_at(target)
            else:
                lg.truncate_to(target)

    async def _fetch_once(self) -> None:
        R = FetchRequest
        loop = asyncio.get_running_loop()
        now = loop.time()
        wanted: dict[TopicPartition, SessionPartition] = {}
        for tp, st in list(self.parts.items()):
            p = self._partition(tp)
            if p is None or st.truncate or st.delayed_until > now:
                continue
            self._heal(p)
            wanted[TopicPartition(*tp)] = SessionPartition(
                fetch_offset=p.log.log_end_offset, current_leader_epoch=p.leader_epoch,
                last_fetched_epoch=-1, max_bytes=1 << 20,
            )  # fmt: skip
        if not wanted:
            await asyncio.sleep(0.05)
            return
        ids = self._topic_ids({tp.topic for tp in wanted})
        wanted = {tp: sp for tp, sp in wanted.items() if tp.topic in ids}
        sreq = self.session.build(wanted, FETCH_VERSION)
        by_topic: dict[str, list[FetchRequest.FetchPartition]] = {}
        for tp, sp in sreq.send.items():
            fp = sp.to_request(tp.partition)
            fp.log_start_offset = self._log_start(tp)
            by_topic.setdefault(tp.topic, []).append(fp)
        forgotten: dict[str, list[int]] = {}
        for tp in sreq.forget:
            forgotten.setdefault(tp.topic, []).append(tp.partition)
        cfg = self.context.config
        req = R(
            replica_id=-1,
            replica_state=R.ReplicaState(
                replica_id=self.context.broker_id, replica_epoch=self.context.broker_epoch()
            ),
            max_wait_ms=cfg.replica_fetch_wait_max_ms,
            min_bytes=1,
            max_bytes=cfg.replica_fetch_response_max_bytes,
            isolation_level=0,
            session_id=sreq.session_id,
            session_epoch=sreq.epoch,
            topics=[
                R.FetchTopic(topic=t, topic_id=ids[t], partitions=ps) for t, ps in by_topic.items()
            ],
            forgotten_topics_data=[
                # by the id the session knows it under, even if the topic is gone here since
                R.ForgottenTopic(topic=t, topic_id=self._sent_ids.get(t, ZERO_UUID), partitions=ps)
                for t, ps in forgotten.items()
            ],
            rack_id="",
        )
        try:
            resp = await self.context.inter_broker.request(
                self.host, self.port, req, FetchResponse, FETCH_VERSION,
                timeout=cfg.replica_fetch_wait_max_ms / 1000 + 30, channel=self.fetcher,
            )  # fmt: skip
        except BaseException:
            self.session.handle_error()  # the next request is a full one
            raise
        if not self.session.handle_response(resp.error_code, resp.session_id):
            log.debug("fetch session with broker %d: %s; fetching in full", self.leader_id,
                      ErrorCode(resp.error_code).name)  # fmt: skip
            return
        self._sent_ids.update(ids)
        names = {tid: t for t, tid in ids.items()}
        for tr in resp.responses:
            topic = names.get(tr.topic_id)
            if topic is None:
                # a topic id the session holds and this broker no longer knows (deleted, or
                # re-created under the same name): start over with a full request
                self.session.handle_error()
                continue
            for pd in tr.partitions:
                self._apply((topic, pd.partition_index), pd)

    def _topic_ids(self, topics: set[str]) -> dict[str, uuid.UUID]:
        ids = {}
        for name in topics:
            info = self.context.metadata.topic(name)
            if info is not None:
                ids[name] = info.topic_id
        return ids

    def _log_start(self, tp: TopicPartition) -> int:
        p = self.context.replica_manager.get(tp.topic, tp.partition)
        return p.log.log_start_offset if p is not None else -1

    def _heal(self, p: Partition) -> None:
        """A corrupt range in this replica's log (found at load, by the scrubber or by a read):
        truncate to its first offset -- the end of the last valid batch before it -- so the
        fetch that follows re-fetches everything from there from the leader."""
        lg = p.log
        first = lg.first_corrupt_offset
        if first is None or first >= lg.log_end_offset:
            return
        log.warning(
            "healing %s-%d: truncating from %d to its first corrupt offset %d to re-fetch the "
            "rest from leader %d", p.topic, p.index, lg.log_end_offset, first, self.leader_id,
        )  # fmt: skip
        lg.truncate_to(first)

    def _apply(self, tp: TP, pd: FetchResponse.PartitionData) -> None:
        if tp not in self.parts:  # moved to another fetcher (resize) or removed meanwhile
            return
        p = self._partition(tp)
        if p is None:
            return
        if pd.error_code != E.NONE:
            self._on_error(tp, ErrorCode(pd.error_code), pd)
            return
        lg = p.log
        data = memoryview(pd.records or b"")  # a slice of the response frame: never copied
        if data:
            end = 0
            for pos, h in rec.iter_batches(data, strict=False):
                end = pos + h.size_in_bytes
            if end:
                try:
                    lg.append_as_follower(data[:end])  # verifies each batch's CRC first
                except KafkaError as exc:
                    log.warning("follower append to %s-%d failed: %s", tp[0], tp[1], exc)
                    self.parts[tp].truncate = True
                    return
        self.parts[tp].leader_high_watermark = pd.high_watermark
        hw = min(pd.high_watermark, lg.log_end_offset)
        if hw > lg.high_watermark:
            lg.high_watermark = hw
            self.context.replica_manager.notify(tp)
        if pd.log_start_offset > lg.log_start_offset:
            with contextlib.suppress(KafkaError, ValueError):
                lg.delete_records_before(min(pd.log_start_offset, lg.high_watermark))

    def _on_error(self, tp: TP, err: ErrorCode, pd: FetchResponse.PartitionData | None = None
                  ) -> None:  # fmt: skip
        st = self.parts.get(tp)
        if st is None:
            return
        loop = asyncio.get_running_loop()
        if err == E.OFFSET_OUT_OF_RANGE and pd is not None:
            p = self._partition(tp)
            if p is not None and p.log.log_end_offset < pd.log_start_offset:
                p.log.truncate_fully_and_start_at(pd.log_start_offset)
            else:
                st.truncate = True
            return
        if err in (E.FENCED_LEADER_EPOCH, E.NOT_LEADER_OR_FOLLOWER, E.UNKNOWN_TOPIC_OR_PARTITION):
            # wait for the controller's next LeaderAndIsr; look again after a while
            st.delayed_until = loop.time() + 1.0
            st.truncate = True
            return
        st.delayed_until = loop.time() + 0.2  # UNKNOWN_LEADER_EPOCH: the leader is behind us


class ReplicaFetcherManager:
    def __init__(self, context: FetcherContext) -> None:
        self.context = context
        self.num_fetchers = max(1, int(context.config["num.replica.fetchers"]))
        self.fetchers: dict[tuple[int, int], ReplicaFetcher] = {}  # (leader, fetcher id)

    def add(self, p: Partition, host: str, port: int) -> None:
        tp = (p.topic, p.index)
        self.remove(tp)
        self._fetcher(p.leader, fetcher_id(tp, self.num_fetchers), host, port).add(tp)

    def _fetcher(self, leader: int, fid: int, host: str, port: int) -> ReplicaFetcher:
        f = self.fetchers.get((leader, fid))
        if f is None or (f.host, f.port) != (host, port):
            if f is not None:
                f.stop()
            f = self.fetchers[(leader, fid)] = ReplicaFetcher(self.context, leader, host, port, fid)
        return f

    def remove(self, tp: TP) -> None:
        for f in self.fetchers.values():
            f.parts.pop(tp, None)

    def leader_high_watermarks(self) -> Iterator[tuple[str, TP, int]]:
        """(fetcher client id, partition, the leader's high watermark at its last fetch: -1
        before one) of every partition followed, in fetcher then partition order (the follower
        lag metric)."""
        for (leader, fid), f in sorted(self.fetchers.items()):
            client = f"ReplicaFetcherThread-{fid}-{leader}"
            for tp, state in sorted(f.parts.items()):
                yield client, tp, state.leader_high_watermark

    def resize(self, num_fetchers: int) -> None:
        """``num.replica.fetchers`` changed: every partition moves, with its fetch state, to
        the fetcher its id names now; fetchers left without partitions stop."""
        num_fetchers = max(1, num_fetchers)
        if num_fetchers == self.num_fetchers:
            return
        self.num_fetchers = num_fetchers
        moving = []
        for f in list(self.fetchers.values()):
            for tp, state in list(f.parts.items()):
                moving.append((f.leader_id, f.host, f.port, tp, state))
            f.parts.clear()
        for leader, host, port, tp, state in moving:
            self._fetcher(leader, fetcher_id(tp, num_fetchers), host, port).add(tp, state)
        for key, f in list(self.fetchers.items()):
            if not f.parts:
                f.stop()
                del self.fetchers[key]
        log.info(
            "replica fetchers resized to %d per source broker: %d fetcher(s) for %d partition(s)",
            num_fetchers,
            len(self.fetchers),
            len(moving),
        )

    async def shutdown(self) -> None:
        tasks = [f.task for f in self.fetchers.values()]
        for f in self.fetchers.values():
            f.stop()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
        self.fetchers.clear()
