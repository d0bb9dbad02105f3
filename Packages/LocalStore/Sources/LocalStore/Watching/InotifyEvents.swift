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
    /// Whether the events ready on the non-blocking `descriptor` may concern a file of
    /// `names` (see ``concernsStore(_:names:)``), draining it.
    static func readAll(from descriptor: Int32, concerning names: Set<String>) -> Bool {
      var concerned = false
      var buffer = [UInt8](repeating: 0, count: 8192)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return concerned }
        if concernsStore(buffer[..<count], names: names) { concerned = true }
      }
    }

    /// Whether the events of `bytes` may concern a file of `names`: one names it, or the
    /// queue overflowed (`IN_Q_OVERFLOW`, which names nothing: the events dropped could be
    /// the store's), or the watch ended (`IN_IGNORED`: the folder was removed or renamed).
    static func concernsStore(_ bytes: ArraySlice<UInt8>, names: Set<String>) -> Bool {
      masks(bytes).contains { $0 & UInt32(IN_Q_OVERFLOW | IN_IGNORED) != 0 }
        || parse(bytes).contains(where: names.contains)
    }

    /// The `mask` of each event in `bytes`, in host byte order.
    static func masks(_ bytes: ArraySlice<UInt8>) -> [UInt32] {
      var masks: [UInt32] = []
      var position = bytes.startIndex
      while bytes.endIndex - position >= 16 {
        let mask = bytes[(position + 4)..<(position + 8)].reversed().reduce(0) {
          $0 << 8 | UInt32($1)
        }
        masks.append(mask)
        let length = bytes[(position + 12)..<(position + 16)].reversed()
          .reduce(0) { $0 << 8 | Int($1) }
        position = min(position + 16 + length, bytes.endIndex)
      }
      return masks
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
