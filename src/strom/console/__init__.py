"""Strom Console: a web UI for Strom or any Kafka-compatible cluster (``strom console``).

Built on the native client only (:mod:`strom.client`; an import-linter contract forbids the
broker, storage, cluster and coordinator layers), so it works against any Kafka-compatible
cluster. Starlette serves Jinja2 pages; htmx refreshes their live parts, server-sent events carry
the live tail and the lag charts, uPlot draws the charts. The JavaScript is vendored under
``static/vendor`` (no CDN: the pages work offline). See ``docs/console.md``.
"""
