"""Kafka's sampled rate, the measure behind client quotas (``org.apache.kafka.common.metrics``).

Owns: one rate over ``samples`` windows of ``window_ms`` each (``quota.window.num`` and
``quota.window.size.seconds``), and the throttle time a violation costs. Kafka's arithmetic:

- a value is added to the current sample; a sample older than one window is complete and the
  next one (the oldest, reset) takes its place; samples older than ``samples * window_ms`` are
  reset before measuring;
- the rate is the sum of the samples divided by the elapsed time since the oldest sample starts,
  counted as at least ``samples - 1`` full windows (so a first burst is spread over 10 s);
- a rate above the quota bound costs ``(rate - bound) / bound * window`` milliseconds: the time
  without traffic that brings the rate back to the bound (the caller may bound it).

Invariants: memory is ``samples`` floats; times are the caller's milliseconds (monotonic);
single-threaded (the event loop).
"""

from __future__ import annotations


class Sample:
    __slots__ = ("start_ms", "value")

    def __init__(self, start_ms: float) -> None:
        self.start_ms = start_ms
        self.value = 0.0


class SampledRate:
    """Units per second over the last ``samples`` windows."""

    def __init__(self, samples: int = 11, window_ms: float = 1000.0) -> None:
        self.num = max(samples, 2)
        self.window_ms = window_ms
        self.samples: list[Sample] = []
        self.current = 0
        self.last_record_ms = 0.0

    def record(self, value: float, now_ms: float) -> None:
        self.last_record_ms = now_ms
        if not self.samples:
            self.samples.append(Sample(now_ms))
        sample = self.samples[self.current]
        if now_ms - sample.start_ms >= self.window_ms:
            self.current = (self.current + 1) % self.num
            if self.current >= len(self.samples):
                self.samples.append(Sample(now_ms))
            else:
                self.samples[self.current].start_ms = now_ms
                self.samples[self.current].value = 0.0
            sample = self.samples[self.current]
        sample.value += value

    def unrecord(self, value: float, now_ms: float) -> None:
        """Take back a value recorded in the current sample (``record`` of ``-value``)."""
        self.record(-value, now_ms)

    def _purge(self, now_ms: float) -> None:
        expire = self.num * self.window_ms
        for s in self.samples:
            if now_ms - s.start_ms >= expire:
                s.start_ms = now_ms
                s.value = 0.0

    def window_ms_at(self, now_ms: float) -> float:
        """The time the rate is measured over (Kafka's ``Rate.windowSize``)."""
        self._purge(now_ms)
        oldest = min((s.start_ms for s in self.samples), default=now_ms)
        elapsed = now_ms - oldest
        full = int(elapsed // self.window_ms)
        if full < self.num - 1:
            elapsed += (self.num - 1 - full) * self.window_ms
        return max(elapsed, 1.0)

    def rate(self, now_ms: float) -> float:
        window = self.window_ms_at(now_ms)
        return sum(s.value for s in self.samples) / (window / 1000.0)

    def throttle_ms(self, bound: float, now_ms: float, max_ms: float | None = None) -> int:
        """The milliseconds a client must pause for the rate to come back to ``bound``
        (at most ``max_ms``: Kafka bounds the request-time quota's throttle by one window, the
        byte-rate quotas' not at all)."""
        window = self.window_ms_at(now_ms)
        rate = sum(s.value for s in self.samples) / (window / 1000.0)
        if rate <= bound or bound <= 0:
            return 0
        throttle = (rate - bound) / bound * window
        return int(throttle if max_ms is None else min(throttle, max_ms))


class Avg:
    """The mean and maximum of the values recorded in the last ``samples`` windows (Kafka's
    ``throttle-time`` Avg/Max stats), for the metrics: one (start, sum, count, max) per window."""

    def __init__(self, samples: int = 11, window_ms: float = 1000.0) -> None:
        self.num = max(samples, 1)
        self.window_ms = window_ms
        self.samples: list[list[float]] = []  # [start_ms, sum, count, max], at most num
        self.current = 0

    def record(self, value: float, now_ms: float) -> None:
        if not self.samples:
            self.samples.append([now_ms, 0.0, 0.0, 0.0])
        sample = self.samples[self.current]
        if now_ms - sample[0] >= self.window_ms:
            self.current = (self.current + 1) % self.num
            if self.current >= len(self.samples):
                self.samples.append([now_ms, 0.0, 0.0, 0.0])
            else:
                self.samples[self.current][:] = [now_ms, 0.0, 0.0, 0.0]
            sample = self.samples[self.current]
        sample[1] += value
        sample[2] += 1
        sample[3] = max(sample[3], value)

    def _live(self, now_ms: float) -> list[list[float]]:
        horizon = self.num * self.window_ms
        return [s for s in self.samples if now_ms - s[0] < horizon]

    def avg(self, now_ms: float) -> float:
        live = self._live(now_ms)
        count = sum(s[2] for s in live)
        return sum(s[1] for s in live) / count if count else 0.0

    def max(self, now_ms: float) -> float:
        return max((s[3] for s in self._live(now_ms)), default=0.0)


class TokenBucket:
    """Kafka's token bucket for the controller mutation quota (KIP-599): ``rate`` tokens per
    second, at most ``burst`` held (``rate * samples * window``), full at first. A mutation takes
    its partitions' worth, possibly below zero; below zero the quota is exceeded and the throttle
    time is the time to earn the debt back."""

    def __init__(self, rate: float, burst_s: float, now_ms: float) -> None:
        self.rate = rate
        self.burst = rate * burst_s
        self.tokens = self.burst
        self.last_ms = now_ms

    def _refill(self, now_ms: float) -> None:
        elapsed = max(now_ms - self.last_ms, 0.0)
        self.tokens = min(self.burst, self.tokens + self.rate * elapsed / 1000.0)
        self.last_ms = max(now_ms, self.last_ms)

    def exceeded(self, now_ms: float) -> bool:
        self._refill(now_ms)
        return self.tokens < 0

    def record(self, value: float, now_ms: float) -> None:
        self._refill(now_ms)
        self.tokens -= value

    def throttle_ms(self, now_ms: float) -> int:
        self._refill(now_ms)
        if self.tokens >= 0 or self.rate <= 0:
            return 0
        return int(-self.tokens / self.rate * 1000.0)
