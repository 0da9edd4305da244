"""The group coordinator as state machines that do no I/O.

``coordinator.GroupCoordinator`` routes each group API to the group's state machine
(``classic.py`` for JoinGroup/SyncGroup/Heartbeat/LeaveGroup, ``offsets.py`` for committed
offsets) and returns an ``Output``: the ``__consumer_offsets`` records to append and the replies to
send once they are committed. Timers are explicit (``next_deadline`` / ``on_timer(now)``).
``records.py`` holds Kafka's key/value formats of ``__consumer_offsets``. Consumer-protocol
(KIP-848) groups: ``consumer_routing.py`` (where they meet classic groups and offsets),
``consumer.py`` (ConsumerGroupHeartbeat transitions), ``consumer_group.py`` (model, records,
replay), ``assignors.py`` (``uniform``, ``range``), ``records_consumer.py`` (their record
formats), ``consumer_checks.py`` (heartbeat request checks), ``consumer_classic.py`` (classic
members of consumer groups), ``conversion.py`` (online upgrade/downgrade between the protocols),
``embedded.py`` (the classic consumer protocol's subscription/assignment formats),
``consumer_offsets.py`` (member-epoch checks of offset requests), ``offset_fetch.py``
(OffsetFetch responses). The imperative shell
(appending, parking responses, running timers, replay at start) is ``strom.broker.group_runtime``.
"""
