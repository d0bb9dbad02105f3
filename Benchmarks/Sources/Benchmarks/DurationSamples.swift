// Timings of repeated calls, summarised as a median and a 99th percentile.

/// The durations of one kind of call, in the order they were measured.
struct DurationSamples {
  private(set) var values: [Duration] = []

  var count: Int { values.count }

  /// Every duration added up.
  var total: Duration { values.reduce(.zero, +) }

  mutating func append(_ duration: Duration) {
    values.append(duration)
  }

  /// The middle value; the mean of the two middle values when the count is even.
  var median: Duration {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .zero }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// The nearest-rank 99th percentile: with fewer than 100 samples, the slowest one.
  var p99: Duration {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .zero }
    let rank = Int((Double(sorted.count) * 0.99).rounded(.up))
    return sorted[max(0, rank - 1)]
  }
}
