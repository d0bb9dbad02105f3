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
  /// What was at the path when the call refused it for not being a regular file (a symbolic
  /// link, a FIFO...); `nil` for any other failure.
  var foundKind: FileKind? = nil

  /// `fsync(/data/notes.json): Input/output error`.
  var description: String {
    if let foundKind { return "\(call)(\(path)): it is \(foundKind.noun), not a regular file" }
    return "\(call)(\(path)): \(String(cString: strerror(code)))"
  }

  /// The error for a path that holds `kind` where a store needs a regular file.
  static func notRegular(_ call: String, path: String, kind: FileKind) -> SystemCallError {
    SystemCallError(
      call: call, path: path, code: kind == .symbolicLink ? ELOOP : EINVAL, foundKind: kind)
  }

  /// Whether the call failed because the path, or a folder on it, does not exist.
  var isMissing: Bool { code == ENOENT }
}
