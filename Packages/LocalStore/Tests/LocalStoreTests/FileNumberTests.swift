// Device and inode numbers convert without trapping, whatever integer type the platform uses.

import Testing

@testable import LocalStore

@Suite struct FileNumberTests {
  /// On Darwin `dev_t` is a signed `Int32`, and a device number with the top bit set is
  /// negative: `UInt64(_:)` would trap on it. Its bit pattern is kept instead.
  @Test func aNegativeDeviceNumberKeepsItsBitPattern() {
    #expect(FileStatus.fileNumber(Int32(-1)) == UInt64.max)
    #expect(FileStatus.fileNumber(Int32.min) == UInt64(bitPattern: Int64(Int32.min)))
    #expect(PollingWatch.signatureNumber(Int32(-1)) == -1)
  }

  /// On Linux `dev_t` and `ino_t` are `UInt64`: every value converts, the largest included.
  @Test func theLargestUnsignedNumbersConvert() {
    #expect(FileStatus.fileNumber(UInt64.max) == UInt64.max)
    #expect(FileStatus.fileNumber(UInt32(7)) == 7)
    #expect(PollingWatch.signatureNumber(UInt64.max) == -1)
  }
}
