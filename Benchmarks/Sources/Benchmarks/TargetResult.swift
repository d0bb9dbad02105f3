// One of the benchmark's targets, the value measured against it, and whether it was met.

/// A target checked against one run.
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

  /// What is compared, e.g. `durable save at 10,000 stored: .journal / write+fsync floor`.
  var name: String
  var comparison: Comparison
  var limit: Double
  /// The measured ratio; `nil` when a workload it needs produced no number.
  var measured: Double?
  /// Whether the target was met; `false` when it could not be measured.
  var passed: Bool

  init(_ name: String, _ comparison: Comparison, _ limit: Double, measured: Double?) {
    self.name = name
    self.comparison = comparison
    self.limit = limit
    self.measured = measured
    passed =
      switch (comparison, measured) {
      case (_, nil): false
      case (.atMost, let value?): value <= limit
      case (.below, let value?): value < limit
      case (.atLeast, let value?): value >= limit
      }
  }
}
