// The system's own sentence for an error number, for messages about files.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns `errno` values into words.
nonisolated enum Errno {
  /// The system's sentence for `code`, such as "No space left on device".
  static func message(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
