// This project's repository as a contender: each call is exactly what an app would make.

import Models
import Persistence

extension LocalRepository: DurableStore, SharedStore where T == Question {
  func save(_ question: Question, record: [UInt8]) async throws {
    try await save(question)
  }
}
