// A failed system call: which call, on which path, and the errno it returned.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed, with the `errno` it set.
struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The call that failed, such as `"rename"`.
  var call: String
  /// The path the call worked on.
  var path: String
  /// The value of `errno` after the call.
  var code: Int32

  /// `fsync(/data/questions.json): Input/output error`.
  var description: String { "\(call)(\(path)): \(String(cString: strerror(code)))" }

  /// Whether the call failed because the path, or a folder on it, does not exist.
  var isMissing: Bool { code == ENOENT }
}
