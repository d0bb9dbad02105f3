// What other writers did to the journal since this instance last looked.

extension Journal {
  /// Compares the file on disk with what this instance last read or wrote. Call it under the
  /// store's lock, so that no other writer appends meanwhile.
  ///
  /// While the open file is still the one at the path (the kernel's name for the descriptor
  /// has not changed), the two bytes around where the next record goes tell enough: the end
  /// of the last record is still there, and nobody wrote after it. Only otherwise does it ask
  /// for the file's status: on Linux 6.13 and later, reading a file's times makes the next
  /// write stamp a precise time, which the `fsync` after it must then commit too.
  ///
  /// - Throws: ``PersistenceError/unreadable(_:reason:)`` when its status or its new records
  ///   cannot be read, ``PersistenceError/notARegularFile(_:found:)``.
  func changesSinceLastSeen() throws(PersistenceError) -> Growth {
    if let descriptor, let openedAt, fileSystem.currentPath(of: descriptor) == openedAt,
      try isUnchangedAtEnd(descriptor)
    {
      return .unchanged
    }
    let status: FileStatus
    do {
      status = try fileSystem.status(ofPath: path)
    } catch  where error.isMissing {
      return identity == nil ? .unchanged : .replaced
    } catch {
      throw .unreadable(url, reason: error.description)
    }
    // A link or a FIFO put there since: never read, append or truncate through it.
    guard status.kind == .regular else { throw .notARegularFile(url, found: status.kind.noun) }
    guard let identity, identity == (status.device, status.inode), status.size >= length else {
      return status.size == 0 && identity == nil ? .unchanged : .replaced
    }
    size = status.size
    guard status.size > length else { return .unchanged }
    guard status.size <= maximumSize else {
      throw .fileTooLarge(url, size: status.size, limit: maximumSize)
    }
    // A record starts with a digit: a zero where the next record goes means none was added.
    guard try readTail(from: length, to: length + 1) != [0] else { return .unchanged }
    // Read from the last record this instance knows: if it is not there as it was, the file
    // was cut back (a writer took back records of its own) and written again, and the
    // offsets no longer mean what they meant.
    guard let last = lastRecord else { return .grew(try readTail(from: length, to: status.size)) }
    let bytes = try readTail(from: last.start, to: status.size)
    let known = Int(length - last.start)
    guard CRC32C.checksum(bytes[..<known]) == last.checksum else { return .replaced }
    return .grew(Array(bytes[known...]))
  }

  /// Whether the last byte this instance knows of (a record's end of line) and the one after
  /// it say that nothing changed: the file still reaches that far, and the next byte is a
  /// reserved zero or the end of the file.
  private func isUnchangedAtEnd(_ descriptor: Int32) throws(PersistenceError) -> Bool {
    guard length > 0 else { return false }
    var bytes: (UInt8, UInt8) = (0, 0)
    let count: Int
    do {
      count = try withUnsafeMutableBytes(of: &bytes) { buffer throws(SystemCallError) in
        try fileSystem.read(descriptor, path: path, at: length - 1, into: buffer)
      }
    } catch {
      throw .unreadable(url, reason: error.description)
    }
    return bytes.0 == UInt8(ascii: "\n") && (count == 1 || (count == 2 && bytes.1 == 0))
  }
}
