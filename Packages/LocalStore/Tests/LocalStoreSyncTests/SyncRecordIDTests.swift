// Item IDs as Kinto record ids: which map, which are refused, and that the mapping goes back.

import Foundation
import LocalStoreSync
import Testing

@Suite struct SyncRecordIDTests {
  @Test func uuidMapsToItsLowercaseStringAndBack() throws {
    let id = UUID()
    let recordID = try id.recordID()
    #expect(recordID == id.uuidString.lowercased())
    #expect(UUID(recordID: recordID) == id)
  }

  @Test(arguments: ["a", "Note-1", "x_y", "0abc"])
  func acceptedStringsMapToThemselves(_ id: String) throws {
    #expect(try id.recordID() == id)
  }

  @Test(arguments: [
    "", "-leading", "_leading", "has space", "slash/", "é", String(repeating: "a", count: 201),
  ])
  func refusedStringsThrowInvalidRecordID(_ id: String) {
    #expect(throws: SyncError.invalidRecordID(id)) { try id.recordID() }
  }

  @Test func nonNegativeIntsAreDecimalAndNegativeOnesAreRefused() throws {
    #expect(try 42.recordID() == "42")
    #expect(Int(recordID: "42") == 42)
    #expect(Int(recordID: "-4") == nil)
    #expect(throws: SyncError.invalidRecordID("-4")) { try (-4).recordID() }
  }
}
