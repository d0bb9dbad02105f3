// One of the benchmark's targets, the value measured against it, and whether it was met.

/// A target checked against one run, or a figure reported beside the targets.
struct TargetResult: Codable {
  /// How the measured value must compare with the limit.
  enum Comparison: String, Codable {
    case atMost, below, atLeast

    var symbol: String {
      switch self {
      case .atMost: "<="
      case .below: "<"
      case .atLeast: ">="
      }
    }
  }

  /// What the measured value and the limit are: most targets are ratios.
  enum Unit: String, Codable {
    case ratio, microseconds, kibibytes, count

    /// `1.21x` or `4.3 µs`.
    func format(_ value: Double) -> String {
      switch self {
      case .ratio: Format.ratio(value)
      case .microseconds: Duration.microseconds(value).readable
      case .kibibytes: Format.bytes(Int(value) * 1024)
      case .count: "\((value * 100).rounded() / 100)"
      }
    }
  }

  /// The row of the table this target judges; `nil` for the other checks.
  var row: BenchmarkRow?
  /// What is compared, e.g. `durable save, 10,000 stored: LocalRepository / SQLite FULL`.
  var name: String
  /// How the value must compare with ``limit``; `nil` for a figure only reported.
  var comparison: Comparison?
  var limit: Double?
  var unit: Unit
  /// The measured value; `nil` when a workload it needs produced no number.
  var measured: Double?
  /// The two figures a ratio was taken from, such as `142 µs against 144 µs`.
  var detail: String?
  /// Whether the target was met: `false` when it could not be measured, `nil` when there is
  /// no target.
  var passed: Bool?

  init(
    _ name: String, row: BenchmarkRow?, _ comparison: Comparison?, _ limit: Double?,
    unit: Unit = .ratio, measured: Double?, detail: String? = nil
  ) {
    self.row = row
    self.name = name
    self.comparison = comparison
    self.limit = limit
    self.unit = unit
    self.measured = measured
    self.detail = detail
    passed =
      switch (comparison, limit, measured) {
      case (nil, _, _), (_, nil, _): nil
      case (_, _, nil): false
      case (.atMost?, let limit?, let value?): value <= limit
      case (.below?, let limit?, let value?): value < limit
      case (.atLeast?, let limit?, let value?): value >= limit
      }
  }

  /// `PASS`, `MISS`, or `info` for a figure with no target.
  var verdict: String {
    switch passed {
    case true?: "PASS"
    case false?: "MISS"
    case nil: "info"
    }
  }
}
