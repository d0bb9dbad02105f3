// CRC-32C (Castagnoli), the checksum LevelDB and ext4 use, to detect flipped bits in a file.

/// Computes CRC-32C checksums.
enum CRC32C {
  private static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
    return crc
  }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    let table = table
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }
}
