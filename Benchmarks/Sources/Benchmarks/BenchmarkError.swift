// Why a run of the benchmark could not finish: a failed system call, SQLite, a wrong count.

/// A failure of the harness itself. A missed target is never an error: it is reported.
enum BenchmarkError: Error, CustomStringConvertible {
  /// A system call failed; `errno` is the C error number.
  case systemCall(String, path: String, errno: Int32)
  /// SQLite returned an error code.
  case sqlite(String, code: Int32, message: String)
  /// A pragma read back from SQLite is not the value that was set.
  case pragma(String, expected: String, found: String)
  /// A store held a different number of items than were written to it.
  case wrongCount(Contender, expected: Int, found: Int)
  /// The memory probe child process failed or printed something unexpected.
  case probeFailed(String, String)
  /// The sync server could not be started or asked, or a sync round went wrong.
  case syncServer(String)
  /// The sync server could not be started: no python3, no PyPI, no PostgreSQL.
  case syncServerDidNotStart(String)

  var description: String {
    switch self {
    case .systemCall(let call, let path, let code):
      "\(call)(\(path)) failed with errno \(code)"
    case .sqlite(let step, let code, let message):
      "SQLite \(step) failed with code \(code): \(message)"
    case .pragma(let name, let expected, let found):
      "SQLite's PRAGMA \(name) reads back \(found) where \(expected) was set"
    case .wrongCount(let contender, let expected, let found):
      "\(contender.label) holds \(found) items; \(expected) were written"
    case .probeFailed(let opening, let reason):
      "memory probe for \(opening) failed: \(reason)"
    case .syncServer(let reason):
      "sync: \(reason)"
    case .syncServerDidNotStart(let reason):
      "sync: the server did not start: \(reason)"
    }
  }
}
