// The process's environment as the bytes it was given, with the variables that are not UTF-8.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the environment strictly, as ``CommandLineArguments`` reads the arguments.
///
/// `ProcessInfo.processInfo.environment` replaces bytes that are not UTF-8 with U+FFFD, so
/// `RECIPES_DATA_DIR=$'dir\xff'` would silently name a folder called `dir\u{FFFD}`. Reading
/// the bytes keeps the names of such variables, and ``DataFolder`` refuses one that would name
/// the data folder.
public enum ProcessEnvironment {
  /// The variables of `entries` (each `NAME=value`, as bytes), and those not valid UTF-8.
  public static func decoded(
    _ entries: [[UInt8]]
  ) -> (environment: [String: String], invalid: [String: String]) {
    var environment: [String: String] = [:]
    var invalid: [String: String] = [:]
    for entry in entries {
      guard let equals = entry.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { continue }
      let name = String(decoding: entry[..<equals], as: UTF8.self)
      let bytes = Array(entry[(equals + 1)...])
      let value = String(decoding: bytes, as: UTF8.self)
      if environment[name] == nil { environment[name] = value }
      if !isValidUTF8(bytes) { invalid[name] = value }
    }
    return (environment, invalid)
  }

  /// This process's environment, and its variables that are not valid UTF-8.
  public static func ofThisProcess() -> (environment: [String: String], invalid: [String: String]) {
    var entries: [[UInt8]] = []
    var pointer = environ
    while let entry = pointer.pointee {
      entries.append(
        UnsafeBufferPointer(start: entry, count: strlen(entry)).map { UInt8(bitPattern: $0) })
      pointer += 1
    }
    return decoded(entries)
  }

  /// Whether `bytes` are valid UTF-8.
  public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
