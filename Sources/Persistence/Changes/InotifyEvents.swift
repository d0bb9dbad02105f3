// Decodes the events an inotify descriptor has ready into the names of the files they concern.

#if os(Linux)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Reads `struct inotify_event` records: a 16-byte header (`wd`, `mask`, `cookie`, `len`)
  /// followed by `len` bytes of NUL-padded name.
  enum InotifyEvents {
    /// Every file name in the events ready on the non-blocking `descriptor`, draining it.
    static func readAll(from descriptor: Int32) -> [String] {
      var names: [String] = []
      var buffer = [UInt8](repeating: 0, count: 8192)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return names }
        names += parse(buffer[..<count])
      }
    }

    /// The names in the events of `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [String] {
      let headerSize = 16
      var names: [String] = []
      var position = bytes.startIndex
      while bytes.endIndex - position >= headerSize {
        let lengthStart = position + 12
        let length = bytes[lengthStart..<lengthStart + 4].reversed()
          .reduce(0) { $0 << 8 | Int($1) }
        let nameStart = position + headerSize
        let nameEnd = min(nameStart + length, bytes.endIndex)
        let name = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
        if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
        position = nameEnd
      }
      return names
    }
  }
#endif
