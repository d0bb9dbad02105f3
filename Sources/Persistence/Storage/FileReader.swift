// Reads a whole open file, refusing to go past a size limit even if the file grows meanwhile.

import Foundation

/// Reads an open file to its end through ``FileSystem``.
struct FileReader {
  let fileSystem: any FileSystem
  let path: String
  let limit: Int64

  /// All the bytes until end of file.
  func readToEnd(_ descriptor: Int32, expectedSize: Int) throws(PersistenceError) -> Data {
    let url = URL(fileURLWithPath: path)
    var data = Data(count: max(expectedSize, 1))
    var length = 0
    while true {
      if length == data.count {
        guard Int64(data.count) < limit else {
          throw .fileTooLarge(url, size: Int64(data.count) + 1, limit: limit)
        }
        data.count = Int(min(Int64(data.count) * 2, limit))
      }
      let result = data.withUnsafeMutableBytes { buffer in
        Result { () throws(SystemCallError) in
          try fileSystem.read(
            descriptor, path: path, into: UnsafeMutableRawBufferPointer(rebasing: buffer[length...])
          )
        }
      }
      let count: Int
      do {
        count = try result.get()
      } catch {
        throw .unreadable(url, reason: error.description)
      }
      if count == 0 { break }
      length += count
    }
    data.count = length
    return data
  }
}
