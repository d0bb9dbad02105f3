// CRC-32C (Castagnoli), the checksum LevelDB and ext4 use, to detect flipped bits in a file.

import Foundation

/// Computes CRC-32C checksums, eight bytes per step ("slicing by 8").
enum CRC32C {
  /// Eight tables of 256 entries: table `k` advances the CRC by a byte followed by `k` zeros.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var crc = UInt32(index)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
      tables[index] = crc
    }
    for table in 1..<8 {
      for index in 0..<256 {
        let previous = tables[(table - 1) * 256 + index]
        tables[table * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
      }
    }
    return tables
  }()

  /// The checksum of `bytes`; pass the checksum of what came before as `previous` to
  /// continue it, so that `checksum(b, continuing: checksum(a))` is the checksum of `a + b`.
  static func checksum(_ bytes: some ContiguousBytes, continuing previous: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBytes { buffer in
      tables.withUnsafeBufferPointer { table in
        update(~previous, with: buffer, table: table)
      }
    }
  }

  private static func update(
    _ start: UInt32, with buffer: UnsafeRawBufferPointer, table: UnsafeBufferPointer<UInt32>
  ) -> UInt32 {
    var crc = start
    var index = 0
    let count = buffer.count
    if let base = buffer.baseAddress {
      while index + 8 <= count {
        let low =
          UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self))
          ^ crc
        let high = UInt32(
          littleEndian: base.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
    }
    while index < count {
      crc = table[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
      index += 1
    }
    return ~crc
  }
}
