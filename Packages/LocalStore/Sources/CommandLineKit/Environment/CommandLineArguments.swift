// The process's arguments as the bytes it was given, decoded as UTF-8 only when they are UTF-8.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the process's arguments as bytes and decodes them strictly.
///
/// `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, so a folder given
/// as `--data-dir` with such a byte would silently become a folder of another name. Reading
/// the bytes and refusing what does not decode keeps that from happening.
public enum CommandLineArguments {
  /// An argument that is not valid UTF-8.
  public struct InvalidEncoding: Error, Equatable {
    /// Its position among the arguments, counted from 1 after the program's name.
    public var position: Int
    /// Its text with the bad bytes replaced, to name it in a message.
    public var shown: String

    /// The usage error that names it.
    public var usageError: UsageError {
      .invalidArgumentEncoding(position: position, shown: shown)
    }
  }

  /// This process's arguments, without the program's name, as the bytes it was given.
  public static func ofThisProcess() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return UnsafeBufferPointer(start: argument, count: strlen(argument)).map {
        UInt8(bitPattern: $0)
      }
    }
  }

  /// `raw` decoded as UTF-8, or the first argument that is not valid UTF-8.
  public static func decoded(_ raw: [[UInt8]]) -> Result<[String], InvalidEncoding> {
    var arguments: [String] = []
    for (index, bytes) in raw.enumerated() {
      // `String(validating:as:)` needs macOS 15; this is the same check at the floor: the
      // decoding replaces every invalid sequence, so valid bytes come back unchanged.
      let argument = String(decoding: bytes, as: UTF8.self)
      guard argument.utf8.elementsEqual(bytes) else {
        return .failure(InvalidEncoding(position: index + 1, shown: argument))
      }
      arguments.append(argument)
    }
    return .success(arguments)
  }
}
