// A repository double that says it holds a million questions and makes each one on demand.

import Foundation
import LocalStore
import Models

/// A store of `count` questions that exist only as they are read: question `n` has the
/// prompt "question n" and an ID made from `n`. It counts the calls that read every
/// question, so that a test can show a list never made one.
actor MillionQuestionRepository: Repository {
  /// How many questions it holds; saves add to the end, deletes are not supported.
  private(set) var storedCount: Int
  /// Questions saved after the generated ones.
  private var saved: [Question] = []
  /// How many times ``loadAll()`` was called.
  private(set) var loadAllCount = 0
  /// Every `(offset, limit)` asked of ``items(offset:limit:)``.
  private(set) var pagesRead: [Range<Int>] = []

  init(count: Int = 1_000_000) {
    storedCount = count
  }

  /// Question `index`, the same on every call.
  static func question(_ index: Int) -> Question {
    // The 16 bytes of a version-4 UUID, the last eight of them the index.
    var bytes: [UInt8] = [0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0]
    for byte in 0..<6 { bytes[15 - byte] = UInt8(truncatingIfNeeded: index >> (8 * byte)) }
    let id = UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
    return Question(
      id: id, prompt: "question \(index)", answer: "a", createdAt: Date(timeIntervalSince1970: 0))
  }

  func save(_ item: Question) {
    saved.append(item)
    storedCount += 1
  }

  func save<Items: Sequence & Sendable>(contentsOf items: Items) async throws
  where Items.Element == Question {
    for item in items { save(item) }
  }

  func insert(_ item: Question) async throws -> Bool {
    save(item)
    return true
  }

  func save(_ item: Question, if condition: @Sendable (Question?) -> Bool) async throws -> Bool {
    guard condition(nil) else { return false }
    save(item)
    return true
  }

  func delete(_ id: Question.ID) async throws {}

  func delete<IDs: Sequence & Sendable>(ids: IDs) async throws where IDs.Element == Question.ID {}

  func find(by id: Question.ID) async -> Question? { nil }

  func loadAll() async -> [Question] {
    loadAllCount += 1
    return []
  }

  func count() async -> Int { storedCount }

  func items(offset: Int, limit: Int) async -> [Question] {
    guard offset >= 0, limit > 0 else { return [] }
    let range = offset..<min(offset + limit, storedCount)
    guard !range.isEmpty else { return [] }
    pagesRead.append(range)
    let generated = storedCount - saved.count
    return range.map { $0 < generated ? Self.question($0) : saved[$0 - generated] }
  }

  /// No changes are published: the tests that use it make their changes through the list.
  func changes() -> RepositoryChanges<Question.ID> {
    .finished
  }

  func synchronize() async throws {}
}
