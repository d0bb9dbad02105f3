// Why a file of questions could not be read as a whole, or questions could not be written to one.

/// A failure of the interchange formats that concerns a whole file rather than one row.
///
/// `Models` had no failing operation before the import and export of files, so this is its
/// one error type. A bad row is not an error but an ``ImportProblem`` inside the
/// ``ImportPlan``, so that every bad row can be reported at once.
public enum InterchangeError: Error, Equatable, Sendable {
  /// The file cannot be read as questions at all: it is not JSON, a CSV header is wrong, or
  /// a store file is of a newer version. `line` is where, when known.
  case malformedFile(line: Int?, reason: String)
  /// A question cannot be written in the chosen format without losing something.
  case unrepresentable(id: String, reason: String)
  /// The questions could not be encoded.
  case encodingFailed(reason: String)
}

extension InterchangeError: CustomStringConvertible {
  /// A sentence naming the line or the question and the reason.
  public var description: String {
    switch self {
    case .malformedFile(let line?, let reason): "line \(line): \(reason)"
    case .malformedFile(nil, let reason): reason
    case .unrepresentable(let id, let reason): "the question \(id) \(reason)"
    case .encodingFailed(let reason): "the questions could not be encoded: \(reason)"
    }
  }
}
